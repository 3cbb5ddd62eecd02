import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAuditLogSchema,
  adminContactMessageListSchema,
  adminPromoListSchema,
  adminPromoUsageSchema,
  adminQuotaAdjustResponseSchema,
  adminSubscriberListSchema,
  adminUserPatchResponseSchema,
  contactPatchResponseSchema,
  deletedResponseSchema,
  promoCreatedSchema,
  promoPatchResponseSchema,
  adminQuotaAdjustSchema,
  adminRefundListSchema,
  adminStatsSchema,
  adminUserDetailSchema,
  adminUserListSchema,
  adminUserListQuerySchema,
  adminUserPatchSchema,
  contactPatchSchema,
  idParamSchema,
  orderParamSchema,
  promoCreateSchema,
  promoPatchSchema,
  refundMadeResponseSchema,
  refundMadeSchema,
} from '../../../../contract/admin.schema';
import type { AdminService } from '../../services/admin.service';
import type { RefundsService } from '../../services/billing/refunds.service';
import { requireAdmin } from '../auth.hook';

/**
 * The admin console's API. Every route is admin-only: the onRequest hook below runs requireAdmin before
 * body validation, so a non-admin learns nothing about the route's input rules.
 */
export async function adminRoutes(
  app: FastifyInstance,
  opts: { admin: AdminService; refunds: RefundsService },
) {
  const { admin, refunds } = opts;
  app.addHook('onRequest', async (req) => {
    requireAdmin(req);
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/stats', { schema: { response: { 200: adminStatsSchema } } }, async () => admin.stats());

  r.get(
    '/api/admin/users',
    { schema: { querystring: adminUserListQuerySchema, response: { 200: adminUserListSchema } } },
    async (req) => admin.listUsers(req.query.q, req.query.page),
  );
  r.get(
    '/api/admin/users/:id',
    { schema: { params: idParamSchema, response: { 200: adminUserDetailSchema } } },
    async (req) => admin.userDetail(req.params.id),
  );
  r.patch(
    '/api/admin/users/:id',
    {
      schema: {
        params: idParamSchema,
        body: adminUserPatchSchema,
        response: { 200: adminUserPatchResponseSchema },
      },
    },
    async (req) => admin.updateUser(requireAdmin(req), req.params.id, req.body),
  );
  r.post(
    '/api/admin/users/:id/quota',
    {
      schema: {
        params: idParamSchema,
        body: adminQuotaAdjustSchema,
        response: { 200: adminQuotaAdjustResponseSchema },
      },
    },
    async (req) => admin.adjustQuota(requireAdmin(req), req.params.id, req.body.amount, req.body.note),
  );

  r.get('/api/admin/promo-codes', { schema: { response: { 200: adminPromoListSchema } } }, async () => ({
    promoCodes: await admin.listPromos(),
  }));
  r.post(
    '/api/admin/promo-codes',
    { schema: { body: promoCreateSchema, response: { 201: promoCreatedSchema } } },
    async (req, reply) => reply.status(201).send(await admin.createPromo(requireAdmin(req), req.body)),
  );
  r.patch(
    '/api/admin/promo-codes/:id',
    {
      schema: { params: idParamSchema, body: promoPatchSchema, response: { 200: promoPatchResponseSchema } },
    },
    async (req) => admin.setPromoActive(requireAdmin(req), req.params.id, req.body.active),
  );
  r.get(
    '/api/admin/promo-codes/:id/usage',
    { schema: { params: idParamSchema, response: { 200: adminPromoUsageSchema } } },
    async (req) => admin.promoUsage(req.params.id),
  );

  r.get(
    '/api/admin/contact-messages',
    { schema: { response: { 200: adminContactMessageListSchema } } },
    async () => ({ messages: await admin.listMessages() }),
  );
  r.patch(
    '/api/admin/contact-messages/:id',
    {
      schema: {
        params: idParamSchema,
        body: contactPatchSchema,
        response: { 200: contactPatchResponseSchema },
      },
    },
    async (req) => admin.setMessageHandled(requireAdmin(req), req.params.id, req.body.handled),
  );

  r.delete(
    '/api/admin/contact-messages/:id',
    { schema: { params: idParamSchema, response: { 200: deletedResponseSchema } } },
    async (req) => admin.deleteMessage(requireAdmin(req), req.params.id),
  );

  r.get('/api/admin/newsletter', { schema: { response: { 200: adminSubscriberListSchema } } }, async () => ({
    subscribers: await admin.listSubscribers(),
  }));
  r.delete(
    '/api/admin/newsletter/:id',
    { schema: { params: idParamSchema, response: { 200: deletedResponseSchema } } },
    async (req) => admin.deleteSubscriber(requireAdmin(req), req.params.id),
  );
  r.get('/api/admin/newsletter.csv', async (req, reply) => {
    const csv = await admin.exportSubscribersCsv(requireAdmin(req));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="bulten-aboneleri-${day}.csv"`)
      .send(csv);
  });

  // Paid orders that could not be honoured (taken e-mail, spent credit, used-up promo...): refunded by hand
  // in PayTR's panel, then marked here.
  r.get('/api/admin/refunds', { schema: { response: { 200: adminRefundListSchema } } }, async () => ({
    success: true as const,
    orders: await refunds.due(),
  }));
  r.post(
    '/api/admin/refunds/:oid/refunded',
    {
      schema: {
        params: orderParamSchema,
        body: refundMadeSchema,
        response: { 200: refundMadeResponseSchema },
      },
    },
    async (req) => refunds.markMade(requireAdmin(req), req.params.oid, req.body.reference, req.log),
  );

  r.get('/api/admin/audit-log', { schema: { response: { 200: adminAuditLogSchema } } }, async () => ({
    entries: await admin.auditLog(),
  }));
}
