import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tr } from '../../../contract/messages.tr';
import { AppError } from '../services/app-error';
import type { AuthService } from '../services/auth.service';
import type { Settings } from '../config/env';
import { SESSION_COOKIE } from './auth.hook';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** PayTR's server posts here: no browser, no cookie, its own HMAC; nothing for Origin checks to judge. */
const SERVER_TO_SERVER = new Set(['/api/payments/paytr/callback']);
/** The only bodies that are not JSON: PayTR's callback and the sandbox card form (urlencoded), uploads. */
const FORM_ROUTES = new Set(['/api/payments/paytr/callback', '/sandbox/paytr/pay']);
const MULTIPART_ROUTES = new Set(['/api/upload-image', '/api/upload-images']);

/** Anonymous writes that cost us something, limited per client address before any work is done. */
export const ANONYMOUS_LIMITS = {
  // Each anonymous checkout hashes a password (argon2) and stores an order.
  checkout: { limit: 20, windowMs: 15 * 60_000 },
  // Same numbers as the contact form's stored-message check (CONTACT_LIMIT), but atomic.
  contact: { limit: 5, windowMs: 10 * 60_000 },
} as const;

/** Our pages' origin (PUBLIC_URL); in development also Vite's dev server, which proxies /api to us. */
export function allowedOrigins(settings: Pick<Settings, 'publicUrl' | 'env'>): string[] {
  const own = new URL(settings.publicUrl).origin;
  return settings.env === 'development' ? [own, 'http://localhost:5173'] : [own];
}

const pathOf = (req: FastifyRequest) => req.url.split('?', 1)[0];
const mediaType = (req: FastifyRequest) =>
  (req.headers['content-type'] ?? '').split(';', 1)[0].trim().toLowerCase();

/**
 * The front door, before routing does any work:
 * - CSRF: a state-changing request must come from our own pages. Browsers say where a request comes from
 *   (Sec-Fetch-Site, Origin); anything but same-origin is refused. SameSite=Lax cookies alone do not stop a
 *   page on another port or subdomain of the same site. A request carrying the session cookie and neither
 *   header is refused too; API clients use Bearer tokens, which no other page can make a browser send.
 * - Bodies: JSON routes accept only application/json, so no HTML form (urlencoded, multipart, text/plain)
 *   can reach them, whatever the Origin rules of an old browser.
 * - Anonymous throttles: counted atomically per client address before the handler (and its hashing) runs.
 */
export function registerFrontDoor(
  app: FastifyInstance,
  opts: { allowedOrigins: string[]; auth: AuthService },
) {
  const allowed = new Set(opts.allowedOrigins);

  app.addHook('onRequest', async (req) => {
    if (!UNSAFE.has(req.method)) return;
    const path = pathOf(req);
    if (SERVER_TO_SERVER.has(path)) return;
    const site = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    const bearer = req.headers.authorization?.startsWith('Bearer ');
    const cookie = Boolean(req.cookies?.[SESSION_COOKIE]);
    const crossSite = site !== undefined && site !== 'same-origin' && site !== 'none';
    // Our origin is PUBLIC_URL's, or the address this request was sent to (a page opened on 127.0.0.1 while
    // PUBLIC_URL says localhost is still same-origin with the API it calls; a sibling site never is).
    const foreignOrigin =
      origin !== undefined && !allowed.has(origin) && origin !== `${req.protocol}://${req.headers.host}`;
    const unvouched = site === undefined && origin === undefined && cookie && !bearer;
    if (crossSite || foreignOrigin || unvouched) {
      req.log.warn({ site, origin, path }, 'cross-origin write refused');
      throw new AppError('CSRF_REJECTED', 403, tr.account.csrfRejected);
    }
    const type = mediaType(req);
    const hasBody =
      Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (!type && !hasBody) return;
    const ok =
      type === 'application/json' ||
      (type === 'application/x-www-form-urlencoded' && FORM_ROUTES.has(path)) ||
      (type === 'multipart/form-data' && MULTIPART_ROUTES.has(path));
    if (!ok) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, tr.account.jsonOnly);
  });
}

/**
 * Per-address limits on anonymous writes. preHandler: after the body was validated (a form with a typo does
 * not use up the sender's messages) and before the handler hashes or stores anything.
 */
export function registerAnonymousThrottles(app: FastifyInstance, auth: AuthService) {
  app.addHook('preHandler', async (req) => {
    if (req.method !== 'POST') return;
    const path = pathOf(req);
    if (path === '/api/payments/subscribe' && !req.user) {
      const { limit, windowMs } = ANONYMOUS_LIMITS.checkout;
      await auth.take(`checkout:${req.ip}`, limit, windowMs, () => tr.account.tooManyCheckouts);
    } else if (path === '/api/contact') {
      const { limit, windowMs } = ANONYMOUS_LIMITS.contact;
      try {
        await auth.take(`contact:${req.ip}`, limit, windowMs, () => tr.site.tooManyMessages);
      } catch (err) {
        // The contact form's own code and message (site tests and the form rely on them).
        if (err instanceof AppError) {
          throw new AppError('TOO_MANY_MESSAGES', 429, tr.site.tooManyMessages, {
            retryAfterSeconds: Math.ceil(windowMs / 1000),
          });
        }
        throw err;
      }
    }
  });
}
