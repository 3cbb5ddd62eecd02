import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { LoginRequest, RegisterRequest } from '../../../contract/auth.schema';
import { tr } from '../../../contract/messages.tr';
import { AppError } from './app-error';
import type { UserRepository, UserRow } from '../repositories/user.repository';
import type { SessionRepository } from '../repositories/session.repository';
import type { LoginThrottleRepository } from '../repositories/login-throttle.repository';
import type { AuthTokenRepository } from '../repositories/auth-token.repository';
import type { AuditRepository } from '../repositories/audit.repository';
import type { Mailer } from '../adapters/mail/mailer';
import { mailTemplates } from './mail.templates';
import { dummyPasswordHash, hashPassword, hashToken, newToken, verifyPassword } from './auth/passwords';
import { newUserRow } from './auth/new-user';
import { toPublicUser } from './auth/public-user';
import { googleSignIn, type GoogleLinkClaims } from './auth/google-sign-in';

export type { GoogleLinkClaims };
export { toPublicUser };
import { emailLinks } from './auth/email-links';

/**
 * Password sign-in limits. Failures count per (account, IP) pair and per IP, never per account alone: a
 * stranger guessing from elsewhere must not lock the owner out. Guessing one account from many addresses is
 * slowed instead: past `accountSlowAfter` failures in the window each further check waits longer (CAPTCHA-free
 * backoff, capped), which costs the owner at most a few seconds and a botnet most of its rate.
 */
export const THROTTLE = {
  windowMs: 15 * 60_000,
  pairLimit: 5,
  ipLimit: 20,
  accountSlowAfter: 10,
  accountMaxDelayMs: 3000,
} as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export interface AuthDeps {
  users: UserRepository;
  sessions: SessionRepository;
  throttle: LoginThrottleRepository;
  tokens: AuthTokenRepository;
  audit: AuditRepository;
  mailer: Mailer;
  publicUrl: string;
  log: Logger;
  sessionTtlMs: number;
  now?: () => Date;
}

export type RegisterInput = Omit<RegisterRequest, 'confirmPassword' | 'planType'> & {
  role?: UserRow['role'];
  overrideAllAccess?: boolean;
  /** Accounts made by an operator (CLI) vouch for their address. */
  emailVerified?: boolean;
};

const tooMany = (resetAt: Date, at: Date, message: (minutes: number) => string) => {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - at.getTime()) / 1000));
  return new AppError('TOO_MANY_ATTEMPTS', 429, message(Math.max(1, Math.ceil(seconds / 60))), {
    retryAfterSeconds: seconds,
  });
};

/** Accounts and sessions: sign-in with throttling, sessions, Google linking, e-mail links (verify, reset). */
export function authService(deps: AuthDeps) {
  const now = deps.now ?? (() => new Date());

  async function createSession(userId: string, client: ClientInfo) {
    const token = newToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + deps.sessionTtlMs);
    await deps.sessions.insert({
      id: randomUUID(),
      tokenHash: hashToken(token),
      userId,
      createdAt: at,
      expiresAt,
      lastSeenAt: at,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 300),
    });
    return { token, expiresAt };
  }

  /** Takes one slot on `key` or throws 429; the slot is taken before the work, atomically. */
  async function take(key: string, limit: number, windowMs: number, message: (minutes: number) => string) {
    const at = now();
    const { count, resetAt } = await deps.throttle.hit(key, at, windowMs);
    if (count > limit) throw tooMany(resetAt, at, message);
  }

  async function audit(actorId: string | null, action: string, targetId: string, details?: object) {
    await deps.audit.insert({
      id: randomUUID(),
      actorId,
      action,
      targetType: 'user',
      targetId,
      details: details ?? null,
      createdAt: now(),
    });
  }

  /** Sends in the background: the answer must not wait for (or reveal by its timing) an SMTP round trip. */
  function sendLater(to: string, template: ReturnType<(typeof mailTemplates)[keyof typeof mailTemplates]>) {
    void deps.mailer.send({ to, ...template }).catch((err: unknown) => {
      deps.log.error({ err, to, subject: template.subject }, 'mail could not be sent');
    });
  }

  async function revokeAll(userId: string, exceptToken?: string | null) {
    await deps.sessions.revokeAllForUser(userId, now(), exceptToken ? hashToken(exceptToken) : undefined);
  }

  const links = emailLinks({ ...deps, now, take, audit, revokeAll, sendLater });
  const google = googleSignIn({ users: deps.users, now, audit, createSession });

  const service = {
    createSession,
    take,

    /** Creates an account (no subscription yet); used by the operator CLI. Sign-up is payment-first. */
    async register(input: RegisterInput & { passwordHash?: string }) {
      const email = input.email.trim().toLowerCase();
      if (await deps.users.findByEmail(email)) throw new AppError('EMAIL_TAKEN', 409, tr.errors.emailTaken);
      if (input.username && (await deps.users.findByUsername(input.username))) {
        throw new AppError('USERNAME_TAKEN', 409, tr.errors.usernameTaken);
      }
      return deps.users.insert(
        newUserRow(
          {
            ...input,
            email,
            passwordHash: input.passwordHash ?? (await hashPassword(input.password)),
            kvkkAccepted: true,
          },
          now(),
        ),
      );
    },

    /**
     * Verifies e-mail and password. Slots are taken per (account, IP) and per IP before the password is
     * checked, so parallel guesses cannot overrun the limits; a success gives its slots back. With
     * `googleLink` (claims of a Google sign-in that found this unverified account), the right password links
     * the Google identity: knowing the password and controlling the Gmail address proves both.
     */
    async login(input: LoginRequest, client: ClientInfo, googleLink?: GoogleLinkClaims | null) {
      const email = input.email.trim().toLowerCase();
      const ipKey = `ip:${client.ip}`;
      const pairKey = `pair:${email}|${client.ip}`;
      await take(ipKey, THROTTLE.ipLimit, THROTTLE.windowMs, tr.errors.tooManyAttempts);
      await take(pairKey, THROTTLE.pairLimit, THROTTLE.windowMs, tr.errors.tooManyAttempts);
      const accountFailures = (await deps.throttle.find([`acct:${email}`]))[0];
      if (accountFailures && accountFailures.windowStart.getTime() > now().getTime() - THROTTLE.windowMs) {
        const over = accountFailures.failures - THROTTLE.accountSlowAfter;
        if (over > 0) await sleep(Math.min(THROTTLE.accountMaxDelayMs, 250 * 2 ** Math.min(over, 8)));
      }
      const user = await deps.users.findByEmail(email);
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
      if (!user || !user.passwordHash || !ok || user.deletedAt) {
        await deps.throttle.hit(`acct:${email}`, now(), THROTTLE.windowMs);
        throw new AppError('INVALID_CREDENTIALS', 401, tr.errors.invalidCredentials);
      }
      await deps.throttle.release(pairKey);
      await deps.throttle.release(ipKey);
      let signedIn = user;
      if (googleLink && googleLink.email.toLowerCase() === user.email && !user.googleSub) {
        const taken = await deps.users.findByGoogleSub(googleLink.sub);
        if (!taken) {
          signedIn =
            (await deps.users.update(user.id, {
              googleSub: googleLink.sub,
              emailVerifiedAt: user.emailVerifiedAt ?? now(),
              profileImageUrl: user.profileImageUrl ?? googleLink.picture ?? null,
            })) ?? user;
          await audit(user.id, 'account.google_linked', user.id, { via: 'password' });
        }
      }
      const session = await createSession(user.id, client);
      return { user: signedIn, token: session.token };
    },

    /** The signed-in user for a raw token, or null for unknown, revoked or expired tokens. */
    async resolveToken(token: string): Promise<{ user: UserRow; sessionId: string } | null> {
      if (!token || token.length > 200) return null;
      const at = now();
      const found = await deps.sessions.findLiveByTokenHash(hashToken(token), at);
      return found && !found.user.deletedAt ? found : null;
    },

    async logout(token: string): Promise<void> {
      await deps.sessions.revokeByTokenHash(hashToken(token), now());
    },

    /** Signs out every device, this one included. */
    async logoutEverywhere(user: UserRow): Promise<void> {
      await revokeAll(user.id);
      await audit(user.id, 'account.sessions_revoked', user.id);
    },

    countSessions: (user: UserRow) => deps.sessions.countLiveForUser(user.id, now()),

    loginWithGoogle: google.loginWithGoogle,

    ...links,

    /** Changes the password after checking the current one; other devices are signed out. */
    async changePassword(
      user: UserRow,
      current: string,
      next: string,
      client: ClientInfo,
      keepToken: string | null,
    ) {
      if (!user.passwordHash) throw new AppError('NO_PASSWORD', 400, tr.account.noPasswordYet);
      await take(
        `pair:${user.email}|${client.ip}`,
        THROTTLE.pairLimit,
        THROTTLE.windowMs,
        tr.errors.tooManyAttempts,
      );
      if (!(await verifyPassword(user.passwordHash, current))) {
        throw new AppError('WRONG_PASSWORD', 400, tr.account.wrongCurrentPassword);
      }
      await deps.throttle.release(`pair:${user.email}|${client.ip}`);
      await deps.users.update(user.id, { passwordHash: await hashPassword(next) });
      await revokeAll(user.id, keepToken);
      await audit(user.id, 'account.password_changed', user.id);
    },

    /** Checks a password without a session (account deletion confirms with it). */
    async checkPassword(user: UserRow, password: string, client: ClientInfo) {
      if (!user.passwordHash) return false;
      await take(
        `pair:${user.email}|${client.ip}`,
        THROTTLE.pairLimit,
        THROTTLE.windowMs,
        tr.errors.tooManyAttempts,
      );
      return verifyPassword(user.passwordHash, password);
    },

    audit,
    sendLater,
  };
  return service;
}
export type AuthService = ReturnType<typeof authService>;
