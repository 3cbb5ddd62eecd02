import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  meResponseSchema,
  okMessageResponseSchema,
  okResponseSchema,
  publicConfigSchema,
  resetPasswordRequestSchema,
  verifyEmailRequestSchema,
} from '../../../../contract/auth.schema';
import { tr } from '../../../../contract/messages.tr';
import type { Settings } from '../../config/env';
import {
  toPublicUser,
  type AuthService,
  type ClientInfo,
  type GoogleLinkClaims,
} from '../../services/auth.service';
import type { GoogleAuth, PendingGoogleLogin } from '../../adapters/oauth/google.adapter';
import { clearSessionCookie, requireUser, setSessionCookie } from '../auth.hook';

const GOOGLE_COOKIE = 'google_oidc';
/** Google claims waiting for the password of the unverified account they matched (signed, 10 minutes). */
const GOOGLE_LINK_COOKIE = 'google_link';
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

  r.get('/api/auth/me', { schema: { response: { 200: meResponseSchema } } }, async (req) => {
    const user = requireUser(req);
    return { success: true, user: toPublicUser(user) };
  });

  // No /api/auth/register: accounts are created only by a paid checkout (payment-first, SPEC §5) or by
  // Google sign-in; a free endpoint let anyone claim any address and told who already had an account.

  r.post(
    '/api/auth/login',
    { schema: { body: loginRequestSchema, response: { 200: authResponseSchema } } },
    async (req, reply) => {
      const raw = req.cookies[GOOGLE_LINK_COOKIE];
      const unsigned = raw ? req.unsignCookie(raw) : null;
      let link: GoogleLinkClaims | null = null;
      if (unsigned?.valid && unsigned.value) {
        try {
          link = JSON.parse(unsigned.value) as GoogleLinkClaims;
        } catch {
          link = null;
        }
      }
      const { user, token } = await auth.login(req.body, clientInfo(req), link);
      if (link) reply.clearCookie(GOOGLE_LINK_COOKIE, { path: '/api/auth/' });
      setSessionCookie(reply, req, token, settings.sessionTtlMs, settings.cookieSecure);
      return {
        success: true as const,
        user: toPublicUser(user),
        token,
        googleLinked: Boolean(link && user.googleSub),
      };
    },
  );

  r.post('/api/auth/logout', { schema: { response: { 200: okResponseSchema } } }, async (req, reply) => {
    if (req.sessionToken) await auth.logout(req.sessionToken);
    clearSessionCookie(reply);
    return { success: true as const };
  });

  // Same answer whether or not the address has an account (no enumeration); the link comes by e-mail.
  r.post(
    '/api/auth/forgot-password',
    { schema: { body: forgotPasswordRequestSchema, response: { 200: okMessageResponseSchema } } },
    async (req) => {
      await auth.requestPasswordReset(req.body.email, clientInfo(req));
      return { success: true as const, message: tr.account.forgotSent };
    },
  );

  r.post(
    '/api/auth/reset-password',
    { schema: { body: resetPasswordRequestSchema, response: { 200: okMessageResponseSchema } } },
    async (req, reply) => {
      await auth.resetPassword(req.body.token, req.body.password);
      // Every session was revoked, this browser's too.
      clearSessionCookie(reply);
      return { success: true as const, message: tr.account.resetDone };
    },
  );

  r.post(
    '/api/auth/verify-email',
    { schema: { body: verifyEmailRequestSchema, response: { 200: okMessageResponseSchema } } },
    async (req) => {
      await auth.verifyEmail(req.body.token);
      return { success: true as const, message: tr.account.verifyDone };
    },
  );

  r.post(
    '/api/auth/resend-verification',
    { schema: { response: { 200: okMessageResponseSchema } } },
    async (req) => {
      await auth.sendVerification(requireUser(req));
      return { success: true as const, message: tr.account.verifySent };
    },
  );

  r.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async () => ({
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
        const outcome = await auth.loginWithGoogle(claims, clientInfo(req));
        if (outcome.kind === 'link-required') {
          reply.setCookie(GOOGLE_LINK_COOKIE, JSON.stringify(outcome.link), {
            httpOnly: true,
            sameSite: 'lax',
            path: '/api/auth/',
            signed: true,
            maxAge: 600,
            secure: settings.cookieSecure ?? req.protocol === 'https',
          });
          return reply.redirect('/login?error=google_link');
        }
        setSessionCookie(reply, req, outcome.token, settings.sessionTtlMs, settings.cookieSecure);
        return reply.redirect('/dashboard?login=google');
      } catch (err) {
        req.log.warn({ err }, 'google sign-in failed');
        return reply.redirect('/login?error=google');
      }
    },
  );
}
