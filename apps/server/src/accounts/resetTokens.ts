import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UserRow } from './users.ts';

// Password-reset links, Django-style: /password-reset-confirm/{uidb64}/{token}/ where token is
// "<issued-at in base36>-<HMAC>". The HMAC covers the user's id, current password hash and
// token_version, so the token works for that user only, dies when the password changes (which
// the reset itself does: single use), and is refused once older than the TTL.

export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');

export function decodeUid(uidb64: string): number | null {
  const s = Buffer.from(uidb64, 'base64url').toString('utf8');
  return /^[1-9]\d{0,9}$/.test(s) ? Number(s) : null;
}

function mac(secret: string, user: UserRow, issuedAt: number): string {
  return createHmac('sha256', secret)
    .update(`password-reset|${user.id}|${user.password_hash ?? ''}|${user.token_version}|${issuedAt}`)
    .digest('base64url')
    .slice(0, 32);
}

export function makeResetToken(secret: string, user: UserRow, now = Date.now()): string {
  const issuedAt = Math.floor(now / 1000);
  return `${issuedAt.toString(36)}-${mac(secret, user, issuedAt)}`;
}

export function checkResetToken(secret: string, user: UserRow, token: string, ttlSeconds: number, now = Date.now()): boolean {
  const m = /^([0-9a-z]{1,10})-([\w-]{32})$/.exec(token);
  if (!m) return false;
  const issuedAt = parseInt(m[1], 36);
  const age = Math.floor(now / 1000) - issuedAt;
  if (age < 0 || age > ttlSeconds) return false;
  const expected = Buffer.from(mac(secret, user, issuedAt));
  const given = Buffer.from(m[2]);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
