import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness';
import { tr } from '../../contract/messages.tr';
import { CONTACT_LIMIT } from '../src/services/site.service';
import { contactMessages, newsletterSubscribers } from '../src/db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const validMessage = {
  name: 'Ayşe Yılmaz',
  email: 'Ayse@Galeri.Example.com',
  category: 'billing',
  subject: 'Fatura sorusu',
  message: 'Kurumsal plan için e-fatura kesiliyor mu?',
};

describe('POST /api/contact', () => {
  it('stores a valid message and answers in Turkish', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: validMessage,
      remoteAddress: '10.0.0.1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: tr.site.contactSent });
    const rows = await ctx.database.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Ayşe Yılmaz',
      email: 'ayse@galeri.example.com',
      category: 'billing',
      subject: 'Fatura sorusu',
      handled: false,
      ip: '10.0.0.1',
    });
  });

  it.each([
    [{ ...validMessage, name: '  ' }, tr.site.validation.nameRequired],
    [{ ...validMessage, email: 'gecersiz' }, tr.validation.emailInvalid],
    [{ ...validMessage, category: 'spam' }, tr.site.validation.categoryRequired],
    [{ ...validMessage, subject: '' }, tr.site.validation.subjectRequired],
    [{ ...validMessage, message: 'kısa' }, tr.site.validation.messageTooShort],
    [{ ...validMessage, message: 'x'.repeat(5001) }, tr.site.validation.messageTooLong],
  ])('rejects an invalid form with a Turkish message (%#)', async (payload, message) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload,
      remoteAddress: '10.0.0.2',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().message).toContain(message);
  });

  it('limits how many messages one address can send', async () => {
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: validMessage,
        remoteAddress: '10.0.0.9',
      });
    for (let i = 0; i < CONTACT_LIMIT.max; i++) expect((await send()).statusCode).toBe(201);
    const res = await send();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_MESSAGES', message: tr.site.tooManyMessages });
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/newsletter', () => {
  it('stores an address once, case-insensitively, with the same Turkish answer each time', async () => {
    for (const email of ['bulten@example.com', 'BULTEN@example.com']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: { email, source: 'footer' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ success: true, message: tr.site.newsletterJoined });
    }
    const rows = await ctx.database.db.select().from(newsletterSubscribers);
    expect(rows.map((r) => r.email)).toEqual(['bulten@example.com']);
    expect(rows[0].source).toBe('footer');
  });

  it('rejects a malformed or missing address', async () => {
    for (const payload of [{ email: 'bu-bir-adres-degil' }, { email: '' }, {}]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/newsletter', payload });
      expect(res.statusCode).toBe(400);
      expect(
        [tr.validation.emailInvalid, tr.validation.emailRequired].some((m) => res.json().message.includes(m)),
      ).toBe(true);
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('lists the public pages with absolute addresses and keeps private areas out', async () => {
    const robots = await ctx.app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('Disallow: /admin');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain(`Sitemap: ${ctx.settings.publicUrl}/sitemap.xml`);
    const sitemap = await ctx.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    for (const path of ['/', '/nedir', '/gallery', '/about', '/pricing', '/contact', '/kvkk']) {
      expect(sitemap.body).toContain(`<loc>${ctx.settings.publicUrl}${path}</loc>`);
    }
    expect(sitemap.body).not.toContain('/admin');
  });
});
