import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tr } from '../../../contract/messages.tr';
import { AppError } from '../services/app-error';
import type { AuthService } from '../services/auth.service';
import type { UserRow } from '../repositories/user.repository';

export const SESSION_COOKIE = 'session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved once per request from the Bearer header or the session cookie. */
    user: UserRow | null;
    /** The raw session token the request authenticated with. */
    sessionToken: string | null;
  }
}

/** Reads `Authorization: Bearer` first, then the httpOnly session cookie. */
export function extractToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (token && token !== 'null' && token !== 'undefined') return token;
  }
  return req.cookies?.[SESSION_COOKIE] || null;
}

export function registerAuthHook(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const token = extractToken(req);
    if (!token) return;
    const found = await auth.resolveToken(token);
    if (found) {
      req.user = found.user;
      req.sessionToken = token;
    }
  });
}

/** The signed-in user or a 401 (a forged or expired token is the same as none). */
export function requireUser(req: FastifyRequest): UserRow {
  if (!req.user) {
    const hadToken = Boolean(extractToken(req));
    throw new AppError(
      hadToken ? 'SESSION_INVALID' : 'UNAUTHORIZED',
      401,
      hadToken ? tr.errors.sessionInvalid : tr.errors.unauthorized,
    );
  }
  return req.user;
}

export function requireAdmin(req: FastifyRequest): UserRow {
  const user = requireUser(req);
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', 403, tr.errors.forbidden);
  return user;
}

export function setSessionCookie(
  reply: FastifyReply,
  req: FastifyRequest,
  token: string,
  maxAgeMs: number,
  secure: boolean | undefined,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secure ?? req.protocol === 'https',
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
