import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contactRequestSchema,
  newsletterRequestSchema,
  siteResponseSchema,
} from '../../../../contract/site.schema';
import type { SiteService } from '../../services/site.service';

/** Pages listed in the sitemap: the public routes of SPEC §2 plus the KVKK notice. */
export const sitemapPaths = ['/', '/nedir', '/gallery', '/about', '/pricing', '/contact', '/kvkk'] as const;
const privatePaths = [
  '/api/',
  '/admin',
  '/dashboard',
  '/editor',
  '/new',
  '/payment-success',
  '/payment-fail',
];

/**
 * Public site: the contact form and newsletter box (no sign-in needed), and robots.txt/sitemap.xml, served
 * here rather than as static files because both need absolute addresses built from PUBLIC_URL.
 */
export async function siteRoutes(app: FastifyInstance, opts: { site: SiteService; publicUrl: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = opts.publicUrl.replace(/\/+$/, '');

  r.post(
    '/api/contact',
    { schema: { body: contactRequestSchema, response: { 201: siteResponseSchema } } },
    async (req, reply) => {
      const result = await opts.site.sendContact(req.body, { ip: req.ip, userId: req.user?.id ?? null });
      return reply.status(201).send(result);
    },
  );

  r.post(
    '/api/newsletter',
    { schema: { body: newsletterRequestSchema, response: { 201: siteResponseSchema } } },
    async (req, reply) => {
      const result = await opts.site.subscribe(req.body.email, req.body.source);
      return reply.status(201).send(result);
    },
  );

  const robots = [
    'User-agent: *',
    'Allow: /',
    ...privatePaths.map((p) => `Disallow: ${p}`),
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
  r.get('/robots.txt', async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );

  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemapPaths.map(
      (p) =>
        `  <url><loc>${base}${p}</loc><changefreq>${p === '/kvkk' ? 'yearly' : 'weekly'}</changefreq><priority>${p === '/' ? '1.0' : '0.7'}</priority></url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
  r.get('/sitemap.xml', async (_req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap),
  );
}
