// `npm run dev`: the API server restarting on change (tsx watch) and Vite's hot-reloading dev server.
// Each runs in its own process group so that stopping this script stops them and their children.
import { spawn } from 'node:child_process';

const port = process.env.PORT || '8000';
const run = (cmd, args, env) => spawn(cmd, args, { stdio: 'inherit', detached: true, env: { ...process.env, ...env } });
const procs = [
  run('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { PORT: port }),
  run('npm', ['run', 'dev', '-w', 'apps/web'], { API_URL: `http://localhost:${port}` }),
];
let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const p of procs) {
    try {
      process.kill(-p.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
for (const p of procs) p.on('exit', (code) => stop(code ?? 1));
