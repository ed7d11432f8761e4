import { SMTPServer } from 'smtp-server';

// A real SMTP server on loopback for tests: the app sends over SMTP (nodemailer) exactly as in
// production, and the test reads what arrived.

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The decoded body text (quoted-printable soft breaks and escapes undone). */
  text: string;
}

export interface TestMailbox {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the next mail to `to` (or one already received and not yet taken). */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export async function startTestMailbox(): Promise<TestMailbox> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const bodyStart = raw.indexOf('\r\n\r\n');
        const qp = /content-transfer-encoding:\s*quoted-printable/i.test(raw.slice(0, bodyStart));
        const body = raw.slice(bodyStart + 4);
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, text: qp ? decodeQuotedPrintable(body) : body });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  const find = (to: string) => mails.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    next(to, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        const check = () => {
          const m = find(to);
          if (!m) return void waiters.push(check);
          taken.add(m);
          clearTimeout(timer);
          resolve(m);
        };
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset link in a mail: {site}/password-reset-confirm/{uidb64}/{token}/. */
export function resetLinkIn(mail: ReceivedMail): { url: string; uid: string; token: string } {
  const m = /(https?:\/\/\S+?\/password-reset-confirm\/([\w-]+)\/([\w-]+)\/)/.exec(mail.text);
  if (!m) throw new Error(`no reset link in mail:\n${mail.text}`);
  return { url: m[1], uid: m[2], token: m[3] };
}
