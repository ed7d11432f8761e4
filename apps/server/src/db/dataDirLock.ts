import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

// PGlite's data directory must be opened by one process at a time (two would corrupt it), and
// PGlite itself does not check: the process that opens it writes its pid in this file first.
export const LOCK_FILE = 'stockbench.pid';

// Locks this process holds: a lock file naming this pid and not in here was left by an earlier
// process that had the same pid (a container's pid 1 restarting after a crash).
const heldHere = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the data directory's lock for this process, or answers the pid of the live process
 *  that holds it. A lock left by a process that died (kill -9, a crash) is taken over. */
export function lockDataDir(dataDir: string): { release(): void } | { holder: number } {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(lockPath);
      return { release: () => release(lockPath) };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    let holder = NaN;
    try {
      holder = Number(readFileSync(lockPath, 'utf8').trim());
    } catch {
      continue; // removed meanwhile
    }
    const stale = holder === process.pid ? !heldHere.has(lockPath) : !(Number.isInteger(holder) && holder > 0 && alive(holder));
    if (!stale) return { holder };
    rmSync(lockPath, { force: true });
  }
  throw new Error(`cannot take the lock ${lockPath}`);
}

function release(lockPath: string) {
  heldHere.delete(lockPath);
  try {
    if (readFileSync(lockPath, 'utf8').trim() === String(process.pid)) rmSync(lockPath, { force: true });
  } catch {
    // already gone
  }
}
