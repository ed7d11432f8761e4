import { availableParallelism } from 'node:os';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';

// Passwords are hashed with argon2id (OWASP's recommended parameters: 19 MiB, 2 passes).
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Wraps calls so that at most `slots` run at once; the others wait their turn, first come first served. */
export function withSlots(slots: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (running >= slots) await new Promise<void>((r) => waiting.push(r));
    else running++;
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

// At most one hash per core at a time. A burst of sign-ins would otherwise fill every thread of
// Node's pool (four) with CPU-bound hashing: no sign-in finishes sooner, and every other request,
// and the embedded database's own thread, waits for a core behind them.
const inSlot = withSlots(Math.max(1, availableParallelism()));
const verify = (passwordHash: string, password: string) => inSlot(() => argonVerify(passwordHash, password));

export function hashPassword(password: string): Promise<string> {
  return inSlot(() => argonHash(password, OPTIONS));
}

// Verifying against this when no account matches keeps a failed login as slow as a real one,
// so response time does not reveal which e-mails are registered.
let dummyHash: Promise<string> | null = null;

/** True when `password` matches `passwordHash`; a missing hash (Google-only account) never matches. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await (dummyHash ??= hashPassword('not-a-real-password')), password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

// The most common passwords from public breach lists (the head of Django's list); a password on it
// is refused whatever its length.
const COMMON = new Set(
  `password password1 password12 password123 password1234 12345678 123456789 1234567890 qwerty123 qwertyuiop
  iloveyou sunshine princess football baseball welcome welcome1 abc12345 11111111 00000000 88888888 12341234
  1q2w3e4r 1qaz2wsx qwerty12 letmein1 trustno1 superman batman123 starwars dragon123 monkey123 master123
  passw0rd p@ssw0rd p@ssword admin123 administrator changeme whatever computer internet michael1 jennifer
  shadow123 charlie1 asdfghjk asdfasdf zxcvbnm1 zaq12wsx mustang1 access14 freedom1 qazwsxedc aa123456
  password! secret123 loveyou1 liverpool chelsea1 arsenal1 pokemon1 1234qwer qwer1234 abcd1234 abcdefgh
  stockbench`.split(/\s+/),
);

/** Django-style password validation: messages a user can act on, empty when the password is fine. */
export function passwordProblems(password: string, email: string): string[] {
  const problems: string[] = [];
  if (password.length < 8) problems.push('This password is too short. It must contain at least 8 characters.');
  if (COMMON.has(password.toLowerCase())) problems.push('This password is too common.');
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  const pw = password.toLowerCase();
  if (local.length >= 3 && (pw.includes(local) || local.includes(pw) || pw === email.toLowerCase())) {
    problems.push('The password is too similar to the email address.');
  }
  return problems;
}
