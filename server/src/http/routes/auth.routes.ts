import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginRequestSchema, registerRequestSchema } from '../../../../contract/auth.schema';
import type { Settings } from '../../config/env';
import { toPublicUser, type AuthService, type ClientInfo } from '../../services/auth.service';
import type { GoogleAuth, PendingGoogleLogin } from '../../adapters/oauth/google.adapter';
import { clearSessionCookie, requireUser, setSessionCookie } from '../auth.hook';

const GOOGLE_COOKIE = 'google_oidc';
const clientInfo = (req: FastifyRequest): ClientInfo => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
});

/** SPEC §7 authentication calls plus Google sign-in. */
export async function authRoutes(
  app: FastifyInstance,
  opts: {
    auth: AuthService;
    settings: Settings;
    google: GoogleAuth | null;
    paymentFrame: { base: string; origin: string };
    freePromptMode: 'remote' | 'local';
  },
) {
  const { auth, settings, google } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/auth/me', async (req) => {
    const user = requireUser(req);
    return { success: true, user: toPublicUser(user) };
  });

  r.post('/api/auth/register', { schema: { body: registerRequestSchema } }, async (req, reply) => {
    const { user, token } = await auth.register(req.body, clientInfo(req));
    setSessionCookie(reply, req, token!, settings.sessionTtlMs, settings.cookieSecure);
    return reply.status(201).send({ success: true, user: toPublicUser(user), token });
  });

  r.post('/api/auth/login', { schema: { body: loginRequestSchema } }, async (req, reply) => {
    const { user, token } = await auth.login(req.body, clientInfo(req));
    setSessionCookie(reply, req, token, settings.sessionTtlMs, settings.cookieSecure);
    return { success: true, user: toPublicUser(user), token };
  });

  r.post('/api/auth/logout', async (req, reply) => {
    if (req.sessionToken) await auth.logout(req.sessionToken);
    clearSessionCookie(reply);
    return { success: true };
  });

  r.get('/api/config', async () => ({
    googleEnabled: Boolean(google),
    paymentFrameBase: opts.paymentFrame.base,
    paymentFrameOrigins: [...new Set([new URL(settings.publicUrl).origin, opts.paymentFrame.origin])],
    freePromptMode: opts.freePromptMode,
  }));

  r.get('/api/auth/google', async (req, reply) => {
    if (!google) return reply.redirect('/login?error=google_disabled');
    try {
      const { url, pending } = await google.start();
      reply.setCookie(GOOGLE_COOKIE, JSON.stringify(pending), {
        httpOnly: true,
        sameSite: 'lax',
        path: '/api/auth/google',
        signed: true,
        maxAge: 600,
        secure: settings.cookieSecure ?? req.protocol === 'https',
      });
      return reply.redirect(url);
    } catch (err) {
      req.log.error({ err }, 'google sign-in could not start');
      return reply.redirect('/login?error=google');
    }
  });

  r.get(
    '/api/auth/google/callback',
    { schema: { querystring: z.object({}).passthrough() } },
    async (req, reply) => {
      if (!google) return reply.redirect('/login?error=google_disabled');
      const raw = req.cookies[GOOGLE_COOKIE];
      const unsigned = raw ? req.unsignCookie(raw) : null;
      reply.clearCookie(GOOGLE_COOKIE, { path: '/api/auth/google' });
      if (!unsigned?.valid || !unsigned.value) return reply.redirect('/login?error=google');
      try {
        const pending = JSON.parse(unsigned.value) as PendingGoogleLogin;
        const callbackUrl = new URL(req.url, `${settings.publicUrl}/`);
        const claims = await google.finish(callbackUrl, pending);
        const { token } = await auth.loginWithGoogle(claims, clientInfo(req));
        setSessionCookie(reply, req, token, settings.sessionTtlMs, settings.cookieSecure);
        return reply.redirect('/dashboard?login=google');
      } catch (err) {
        req.log.warn({ err }, 'google sign-in failed');
        return reply.redirect('/login?error=google');
      }
    },
  );
}
