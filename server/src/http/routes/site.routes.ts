import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactRequestSchema, newsletterRequestSchema } from '../../../../contract/site.schema';
import type { SiteService } from '../../services/site.service';

/** Public site writes: the contact form and the newsletter box (no sign-in needed). */
export async function siteRoutes(app: FastifyInstance, opts: { site: SiteService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/contact', { schema: { body: contactRequestSchema } }, async (req, reply) => {
    const result = await opts.site.sendContact(req.body, { ip: req.ip, userId: req.user?.id ?? null });
    return reply.status(201).send(result);
  });

  r.post('/api/newsletter', { schema: { body: newsletterRequestSchema } }, async (req, reply) => {
    const result = await opts.site.subscribe(req.body.email, req.body.source);
    return reply.status(201).send(result);
  });
}
