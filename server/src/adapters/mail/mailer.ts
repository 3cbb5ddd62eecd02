import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Real SMTP when SMTP_URL is set (smtp://user:pass@host:587, smtps://... for implicit TLS). Without it each
 * message is written as an .eml file under `mailDir` and its path logged, so `npm start` needs no mail
 * server and a developer can still open every message the product sends.
 */
export function createMailer(opts: {
  smtpUrl: string | null;
  from: string;
  mailDir: string;
  log: Logger;
}): Mailer {
  const transport = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
      });
      if (opts.smtpUrl) {
        opts.log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
        return;
      }
      await fs.mkdir(opts.mailDir, { recursive: true });
      const file = path.join(
        opts.mailDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      // Written under a temporary name and renamed: a rename is atomic, so whoever lists the folder (a
      // developer opening the newest mail, a test waiting for it) never reads a half-written .eml.
      const partial = `${file}.partial`;
      await fs.writeFile(partial, (info as unknown as { message: Buffer }).message);
      await fs.rename(partial, file);
      opts.log.info({ to: message.to, subject: message.subject, file }, 'mail written (no SMTP_URL)');
    },
  };
}
