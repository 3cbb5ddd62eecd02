import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

describe('the mail folder (no SMTP_URL)', () => {
  it('never shows a half-written .eml: a message appears whole or not at all', async () => {
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oto-mail-'));
    const mailer = createMailer({
      smtpUrl: null,
      from: 'test@example.com',
      mailDir,
      log: pino({ level: 'silent' }),
    });
    // A large invoice attachment: the file takes many write calls, with the event loop free between them.
    const attachment = Buffer.alloc(24 * 1024 * 1024, 7);
    const sizes: number[] = [];
    let sending = true;
    const watch = (async () => {
      while (sending) {
        for (const f of fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : [])
          if (f.endsWith('.eml')) sizes.push(fs.statSync(path.join(mailDir, f)).size);
        await new Promise((r) => setImmediate(r));
      }
    })();
    await mailer.send({
      to: 'user@example.com',
      subject: 'Fatura',
      text: 'Faturanız ektedir.',
      html: '<p>Faturanız ektedir.</p>',
      attachments: [{ filename: 'fatura.pdf', content: attachment, contentType: 'application/pdf' }],
    });
    sending = false;
    await watch;
    const files = fs.readdirSync(mailDir);
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    expect(files).toHaveLength(1); // no temporary file left behind
    const full = fs.statSync(path.join(mailDir, files[0])).size;
    // Before: the .eml was created empty and filled in 512-KiB writes, so a reader (a developer opening
    // the newest mail, or a test waiting for it) could read it empty ("expected '' to contain 'To: ...'").
    expect(sizes.every((s) => s === full)).toBe(true);
  });
});
