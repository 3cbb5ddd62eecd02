import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback (the smtp-server package speaks the protocol, STARTTLS off, any login
 * accepted) that keeps every message it receives, so tests read the e-mail a user would get.
 */
export async function startFakeSmtp() {
  const received: ReceivedMail[] = [];
  const waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        for (const w of [...waiters]) {
          if (w.match(mail)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next (or an already received) message to `to`, waiting up to `timeoutMs`. */
    waitFor(to: string, timeoutMs = 10_000, since = 0): Promise<ReceivedMail> {
      const match = (m: ReceivedMail) => m.to.includes(to.toLowerCase());
      const already = received.slice(since).find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes quoted-printable text (how nodemailer sends long Turkish lines) so tests can read the body. */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The first link in a message that points at `path` on the app. */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const text = decodeQuotedPrintable(mail.raw);
  const found = text.match(
    new RegExp(`https?://[^\\s"<>]+${path.replace(/[/?]/g, (c) => `\\${c}`)}[^\\s"<>]*`),
  );
  if (!found) throw new Error(`no ${path} link in mail:\n${text.slice(0, 2000)}`);
  return new URL(found[0].replace(/&amp;/g, '&'));
}

/** The decoded Subject header (RFC 2047 encoded words, folded lines joined). */
export function subjectOf(mail: ReceivedMail): string {
  const header = mail.raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = header.split(/\r?\n/).find((l) => /^subject:/i.test(l)) ?? '';
  return line
    .replace(/^subject:\s*/i, '')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
