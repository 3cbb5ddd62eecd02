import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addonPurchaseRequestSchema,
  autoLoginRequestSchema,
  autoLoginResponseSchema,
  checkoutResponseSchema,
  confirmRequestSchema,
  confirmResponseSchema,
  invoicesResponseSchema,
  promoResponseSchema,
  quotaStatusSchema,
  subscribeRequestSchema,
  subscriptionChangeResponseSchema,
  subscriptionResponseSchema,
  subscriptionStatusResponseSchema,
  validatePromoRequestSchema,
} from '../../../../contract/billing.schema';
import { toPublicUser, type ClientInfo } from '../../services/auth.service';
import type { PaymentService } from '../../services/billing/payment.service';
import type { QuotaService } from '../../services/billing/quota.service';
import { invoicePdfFor, toInvoiceView } from '../../services/billing/invoice.service';
import type { InvoiceRepository } from '../../repositories/invoice.repository';
import type { Settings } from '../../config/env';
import { requireUser, setSessionCookie } from '../auth.hook';

const BINDING_COOKIE = 'pay_bind';
const clientInfo = (req: FastifyRequest): ClientInfo => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
});

/** SPEC §7 payment, subscription, quota and invoice calls, and PayTR's callback. */
export async function paymentRoutes(
  app: FastifyInstance,
  opts: { payments: PaymentService; quota: QuotaService; invoices: InvoiceRepository; settings: Settings },
) {
  const { payments, quota, invoices, settings } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Binds a payment to the browser that started it, so only that browser can auto-login afterwards.
  const setBinding = (req: FastifyRequest, reply: FastifyReply, value: string) =>
    reply.setCookie(BINDING_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/api/',
      maxAge: Math.floor(settings.payments.orderTtlMs / 1000) + 3600,
      secure: settings.cookieSecure ?? req.protocol === 'https',
    });

  // Every JSON answer is declared from contract/ (the web reads the same types); the PDF and PayTR's
  // plain 'OK' are not JSON.
  const ok = <T>(schema: T) => ({ 200: schema });

  r.post(
    '/api/payments/subscribe',
    { schema: { body: subscribeRequestSchema, response: ok(checkoutResponseSchema) } },
    async (req, reply) => {
      const { planType, billingCycle, promoCode, registrationData } = req.body;
      const result = await payments.subscribe(
        {
          user: req.user,
          planType,
          billingCycle,
          promoCode,
          registration: req.user ? undefined : registrationData,
          client: clientInfo(req),
        },
        req.log,
      );
      setBinding(req, reply, result.binding);
      return result.body;
    },
  );

  r.post(
    '/api/payments/validate-promo',
    { schema: { body: validatePromoRequestSchema, response: ok(promoResponseSchema) } },
    async (req) => {
      const check = await payments.checkPromo(
        req.body.code,
        req.body.planType,
        req.body.billingCycle,
        req.user,
      );
      return { success: true, valid: check.valid, error: check.error ?? null, pricing: check.pricing };
    },
  );

  r.post(
    '/api/payments/confirm',
    { schema: { body: confirmRequestSchema, response: ok(confirmResponseSchema) } },
    async (req) => payments.confirm(req.body.paymentIntentId, req.user, req.cookies[BINDING_COOKIE]),
  );

  r.post(
    '/api/auth/auto-login-after-payment',
    { schema: { body: autoLoginRequestSchema, response: ok(autoLoginResponseSchema) } },
    async (req, reply) => {
      const outcome = await payments.autoLogin(
        req.body.merchantOid,
        req.cookies[BINDING_COOKIE],
        clientInfo(req),
      );
      if (!outcome.success)
        return { success: false, user: null, retry: outcome.retry, message: outcome.message };
      setSessionCookie(reply, req, outcome.token, settings.sessionTtlMs, settings.cookieSecure);
      reply.clearCookie(BINDING_COOKIE, { path: '/api/' });
      return { success: true, user: toPublicUser(outcome.user), token: outcome.token, retry: false };
    },
  );

  r.post(
    '/api/payments/activate-subscription',
    { schema: { response: ok(subscriptionChangeResponseSchema) } },
    async (req) => payments.activate(requireUser(req)),
  );

  r.get(
    '/api/payments/subscription',
    { schema: { response: ok(subscriptionResponseSchema) } },
    async (req) => {
      const subscription = await payments.subscriptionOf(requireUser(req).id);
      return { success: true, subscription };
    },
  );

  r.get('/api/subscription', { schema: { response: ok(subscriptionStatusResponseSchema) } }, async (req) => {
    const { subscription, live } = await payments.subscriptionState(requireUser(req).id);
    return { hasSubscription: live, subscription };
  });

  r.post(
    '/api/subscription/cancel',
    { schema: { response: ok(subscriptionChangeResponseSchema) } },
    async (req) => payments.cancel(requireUser(req)),
  );

  r.post(
    '/api/quota/addon/purchase',
    { schema: { body: addonPurchaseRequestSchema, response: ok(checkoutResponseSchema) } },
    async (req, reply) => {
      const result = await payments.purchaseAddon(
        requireUser(req),
        req.body.quotaAmount,
        clientInfo(req),
        req.log,
      );
      setBinding(req, reply, result.binding);
      return result.body;
    },
  );

  r.get('/api/quota/status', { schema: { response: ok(quotaStatusSchema) } }, async (req) =>
    quota.status(requireUser(req)),
  );

  r.get('/api/user/invoices', { schema: { response: ok(invoicesResponseSchema) } }, async (req) => {
    const rows = await invoices.latestForUser(requireUser(req).id, 50);
    return { success: true, invoices: rows.map(toInvoiceView) };
  });

  r.get('/api/invoices/:id/pdf', { schema: { params: z.object({ id: z.uuid() }) } }, async (req, reply) => {
    const { invoice, pdf } = await invoicePdfFor(invoices, req.params.id, requireUser(req));
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="fatura-${invoice.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  // PayTR posts here server-to-server: no session, no CSRF, urlencoded body, plain 'OK' reply.
  r.post('/api/payments/paytr/callback', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, string>;
    try {
      await payments.handleCallback(body, req.log);
      return reply.type('text/plain').send('OK');
    } catch (err) {
      const message = err instanceof Error ? err.message : 'error';
      req.log.warn({ oid: body.merchant_oid, message }, 'payment callback refused');
      return reply.status(400).type('text/plain').send(message);
    }
  });
}
