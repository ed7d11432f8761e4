import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Mail } from '../accounts/mailer.ts';
import type { Firing } from './repository.ts';

// The alert e-mail: one per user per update, plain text — what fired, its values and links — with
// a link that turns alert e-mails off without signing in (a token signed with SECRET_KEY).

const sign = (config: Config, userId: number) =>
  createHmac('sha256', config.secretKey).update(`alerts-unsubscribe:${userId}`).digest('base64url');

export const unsubscribeToken = (config: Config, userId: number) => `${userId}.${sign(config, userId)}`;

/** The user id a token was signed for, or null. */
export function verifyUnsubscribeToken(config: Config, token: string): number | null {
  const m = /^(\d{1,10})\.([\w-]{43})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const want = Buffer.from(sign(config, userId));
  const got = Buffer.from(m[2]);
  return want.length === got.length && timingSafeEqual(want, got) ? userId : null;
}

export const unsubscribeUrl = (config: Config, userId: number) => `${config.siteUrl}/unsubscribe?token=${unsubscribeToken(config, userId)}`;

const fmt = (v: number | null) => (v === null ? '—' : String(Number(v.toFixed(4))));

export function alertMail(config: Config, to: string, userId: number, firings: Firing[]): Mail {
  const alerts = new Map<string, Firing[]>();
  for (const f of firings) alerts.set(f.alertName, [...(alerts.get(f.alertName) ?? []), f]);
  const lines: string[] = [`${firings.length} alert event${firings.length === 1 ? '' : 's'} after the latest market data update:`, ''];
  for (const [name, fs] of alerts) {
    lines.push(`${name}`);
    for (const f of fs) {
      lines.push(`  ${f.message}`);
      lines.push(`    close ${fmt(f.close)} on ${f.barDate}`);
      const values = Object.entries(f.values).filter(([k]) => k !== 'close');
      if (values.length) lines.push(`    ${values.map(([k, v]) => `${k}: ${fmt(v)}`).join(', ')}`);
      lines.push(`    ${config.siteUrl}${f.link}`);
    }
    lines.push('');
  }
  lines.push(`All notifications: ${config.siteUrl}/notifications`);
  lines.push(`Manage your alerts: ${config.siteUrl}/alerts`);
  lines.push('');
  lines.push(`Stop these e-mails (no sign-in needed): ${unsubscribeUrl(config, userId)}`);
  const subject = firings.length === 1 ? `Alert: ${firings[0].message}` : `Alerts: ${firings.length} events (${[...alerts.keys()].slice(0, 3).join(', ')}${alerts.size > 3 ? ', …' : ''})`;
  return { to, subject: subject.slice(0, 200), text: lines.join('\n') };
}

/** The e-mail of an alert's test: says plainly that nothing fired, with the same links as a real one. */
export function alertTestMail(config: Config, to: string, userId: number, alertName: string): Mail {
  const text = [
    `This is a test of your alert ${alertName}. Nothing fired: it only shows that the alert's e-mails reach you.`,
    '',
    `Manage your alerts: ${config.siteUrl}/alerts`,
    '',
    `Stop these e-mails (no sign-in needed): ${unsubscribeUrl(config, userId)}`,
  ].join('\n');
  return { to, subject: `Test: alert ${alertName}`.slice(0, 200), text };
}
