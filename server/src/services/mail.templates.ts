import { tr } from '../../../contract/messages.tr';
import type { MailMessage } from '../adapters/mail/mailer';

const m = tr.mail;
type Template = Omit<MailMessage, 'to' | 'attachments'>;

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * One layout for every message: plain text first (what many mail clients show and what spam filters
 * like), and a simple HTML part with inline styles only (mail clients drop <style> and external CSS).
 */
function layout(opts: {
  subject: string;
  name: string | null;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}): Template {
  const text = [
    m.greeting(opts.name),
    '',
    ...opts.paragraphs.flatMap((p) => [p, '']),
    ...(opts.action ? [`${opts.action.label}: ${opts.action.url}`, ''] : []),
    ...(opts.footer ? [opts.footer, ''] : []),
    m.signature,
  ].join('\n');
  const button = opts.action
    ? `<p style="margin:24px 0"><a href="${escape(opts.action.url)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escape(opts.action.label)}</a></p><p style="font-size:12px;color:#555">${escape(opts.action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>${escape(opts.subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escape(tr.brand.name)}</h1><p>${escape(m.greeting(opts.name))}</p>${opts.paragraphs.map((p) => `<p>${escape(p)}</p>`).join('')}${button}${opts.footer ? `<p style="font-size:12px;color:#555">${escape(opts.footer)}</p>` : ''}<p>${escape(m.signature)}</p></body></html>`;
  return { subject: opts.subject, text, html };
}

export const mailTemplates = {
  verifyEmail: (name: string | null, url: string) =>
    layout({
      subject: m.verifySubject,
      name,
      paragraphs: [m.verifyBody],
      action: { label: m.verifyButton, url },
      footer: m.ignore,
    }),
  passwordReset: (name: string | null, url: string) =>
    layout({
      subject: m.resetSubject,
      name,
      paragraphs: [m.resetBody],
      action: { label: m.resetButton, url },
      footer: m.ignore,
    }),
  receipt: (
    name: string | null,
    invoiceNumber: string,
    service: string,
    amount: string,
    accountUrl: string,
  ) =>
    layout({
      subject: m.receiptSubject(invoiceNumber),
      name,
      paragraphs: [m.receiptBody(service, amount)],
      action: { label: m.openAccount, url: accountUrl },
    }),
  subscriptionEnding: (name: string | null, date: string, accountUrl: string) =>
    layout({
      subject: m.subscriptionEndingSubject,
      name,
      paragraphs: [m.subscriptionEndingBody(date)],
      action: { label: m.openAccount, url: accountUrl },
    }),
  quotaNearlyUsed: (name: string | null, left: number, accountUrl: string) =>
    layout({
      subject: m.quotaSubject,
      name,
      paragraphs: [m.quotaBody(left)],
      action: { label: m.openAccount, url: accountUrl },
    }),
  accountDeleted: (name: string | null) =>
    layout({ subject: m.deletedSubject, name, paragraphs: [m.deletedBody] }),
};
