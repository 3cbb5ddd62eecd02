import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatTl } from '../../../../contract/plans';
import type { SandboxProvider } from '../../adapters/payments/sandbox.adapter';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html><html lang="tr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f1f5f9;color:#0f172a}
main{max-width:420px;margin:0 auto;padding:20px}
.card{background:#fff;border-radius:14px;box-shadow:0 1px 3px rgba(0,0,0,.1);padding:20px}
h1{font-size:18px;margin:0 0 4px}.muted{color:#64748b;font-size:13px}.amount{font-size:26px;font-weight:800;margin:12px 0}
label{display:block;font-size:13px;font-weight:600;margin:12px 0 4px}
input{box-sizing:border-box;width:100%;height:44px;border:1px solid #cbd5e1;border-radius:8px;padding:0 12px;font-size:16px}
.row{display:flex;gap:12px}.row>div{flex:1}
button{margin-top:18px;width:100%;height:48px;border:0;border-radius:10px;background:#16a34a;color:#fff;font-size:16px;font-weight:700;cursor:pointer}
.note{margin-top:14px;background:#fffbeb;border:1px solid #fde68a;border-radius:8px;padding:10px;font-size:12px;color:#92400e}
.err{background:#fef2f2;border:1px solid #fecaca;color:#991b1b;border-radius:8px;padding:10px;font-size:13px;margin-top:12px}
.brand{display:flex;justify-content:space-between;align-items:center;margin-bottom:12px;font-weight:800;color:#1d4ed8}
</style></head><body><main>${body}</main></body></html>`;

/**
 * The sandbox card frame: looks and behaves like PayTR's iframe; the adapter decides the card (PayTR's test
 * cards pass) and signs the notification, which is delivered to our own callback endpoint as PayTR would.
 */
export async function sandboxPaymentRoutes(app: FastifyInstance, opts: { provider: SandboxProvider }) {
  const { provider } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/sandbox/paytr/guvenli/:token',
    { schema: { params: z.object({ token: z.string().max(4000) }) } },
    async (req, reply) => {
      const ticket = provider.readTicket(req.params.token);
      // The card form posts to this origin; under the site-wide no-referrer policy a browser sends
      // `Origin: null` with it, which the front door's CSRF check rightly refuses.
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'same-origin');
      if (!ticket) {
        return reply
          .status(410)
          .send(
            page(
              'Ödeme',
              `<div class="card"><h1>Ödeme oturumu geçersiz</h1><p class="muted">Bu ödeme bağlantısının süresi dolmuş. Lütfen yeniden deneyin.</p></div>`,
            ),
          );
      }
      return reply.send(
        page(
          'Güvenli Ödeme',
          `<div class="card"><div class="brand"><span>PayTR</span><span class="muted">Test ortamı</span></div>
<h1>Güvenli Ödeme</h1><p class="muted">${esc(ticket.description)}</p><div class="amount">${esc(formatTl(ticket.amountKurus))}</div>
<form method="post" action="/sandbox/paytr/pay" autocomplete="off">
<input type="hidden" name="token" value="${esc(req.params.token)}">
<label for="cc-name">Kart üzerindeki isim</label><input id="cc-name" name="cc_name" value="PAYTR TEST" required>
<label for="cc-number">Kart numarası</label><input id="cc-number" name="cc_number" inputmode="numeric" value="4355 0843 5508 4358" required>
<div class="row"><div><label for="cc-exp">Son kullanma (AA/YY)</label><input id="cc-exp" name="cc_exp" value="12/30" required></div>
<div><label for="cc-cvv">CVV</label><input id="cc-cvv" name="cc_cvv" inputmode="numeric" value="000" required></div></div>
<button type="submit">Ödemeyi Tamamla</button></form>
<p class="note">Test ortamı: PayTR test kartları (4355 0843 5508 4358, 5406 6754 0667 5403, 9792 0303 9444 0796, CVV 000) onaylanır; diğer kartlar reddedilir.</p></div>`,
        ),
      );
    },
  );

  r.post(
    '/sandbox/paytr/pay',
    {
      schema: {
        body: z.object({
          token: z.string().max(4000),
          cc_number: z.string().max(40),
          cc_cvv: z.string().max(8),
          cc_name: z.string().max(80).optional(),
          cc_exp: z.string().max(10).optional(),
        }),
      },
    },
    async (req, reply) => {
      const ticket = provider.readTicket(req.body.token);
      if (!ticket) {
        return reply
          .status(410)
          .type('text/html; charset=utf-8')
          .send(
            page(
              'Ödeme',
              `<div class="card"><h1>Ödeme oturumu geçersiz</h1><p class="muted">Bu ödeme bağlantısının süresi dolmuş.</p></div>`,
            ),
          );
      }
      const { approved, fields, reason } = provider.settle(ticket, {
        number: req.body.cc_number,
        cvv: req.body.cc_cvv,
      });
      // Deliver like PayTR: retry until the endpoint answers exactly 'OK' (bounded).
      let delivered = false;
      for (let attempt = 0; attempt < 3 && !delivered; attempt++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/payments/paytr/callback',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(fields).toString(),
        });
        delivered = res.statusCode === 200 && res.body === 'OK';
      }
      if (!delivered) req.log.error({ oid: ticket.oid }, 'sandbox callback was not acknowledged');
      const target = new URL(approved ? ticket.okUrl : ticket.failUrl);
      if (reason) target.searchParams.set('reason', reason);
      return reply.redirect(target.pathname + target.search, 303);
    },
  );
}
