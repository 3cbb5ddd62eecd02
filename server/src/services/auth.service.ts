import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Logger } from 'pino';
import type { PublicUser } from '../../../contract/user.schema';
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

/** Link lifetimes: a reset link is a password, so it lives briefly; a verify link only proves an address. */
export const TOKEN_TTL = { resetMs: 30 * 60_000, verifyMs: 3 * 24 * 3600_000 } as const;
const RESET_LIMITS = { perIp: 10, perEmail: 3, windowMs: 60 * 60_000 } as const;
const VERIFY_LIMIT = { perUser: 5, windowMs: 60 * 60_000 } as const;

// argon2id with OWASP's minimum-memory profile (19 MiB, t=2): cheap enough for 2-core machines.
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most two argon2 computations at a time in this process: a burst of sign-ups or guesses queues here
 * instead of taking every core, so ordinary requests (/api/auth/me) stay fast.
 */
const HASH_SLOTS = 2;
let hashActive = 0;
const hashWaiting: (() => void)[] = [];
async function withHashSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (hashActive >= HASH_SLOTS) await new Promise<void>((resolve) => hashWaiting.push(resolve));
  hashActive += 1;
  try {
    return await fn();
  } finally {
    hashActive -= 1;
    hashWaiting.shift()?.();
  }
}

/** Hashes a password with argon2id. */
export const hashPassword = (password: string) => withHashSlot(() => hash(password, ARGON2));
const verifyPassword = (stored: string, password: string) =>
  withHashSlot(() => verify(stored, password)).catch(() => false);

// A real hash to verify against when the account does not exist, so timing does not reveal which e-mails exist.
let dummyHash: Promise<string> | undefined;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function toPublicUser(u: UserRow): PublicUser {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    profileImageUrl: u.profileImageUrl,
    role: u.role,
    overrideAllAccess: u.overrideAllAccess,
    taxNumber: u.taxNumber,
    companyName: u.companyName,
    kvkkAccepted: u.kvkkAccepted,
    kvkkAcceptedAt: u.kvkkAcceptedAt?.toISOString() ?? null,
    marketingConsent: u.marketingConsent,
    aiDataConsent: u.aiDataConsent,
    emailVerified: Boolean(u.emailVerifiedAt),
    hasPassword: Boolean(u.passwordHash),
    createdAt: u.createdAt.toISOString(),
  };
}

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

/** Google claims kept (signed, in a cookie) while the user proves the password of an unverified account. */
export interface GoogleLinkClaims {
  sub: string;
  email: string;
  picture?: string;
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

  async function issueToken(user: UserRow, kind: 'verify_email' | 'reset_password', ttlMs: number) {
    const token = newToken();
    const at = now();
    await deps.tokens.retireAll(user.id, kind, at);
    await deps.tokens.insert({
      id: randomUUID(),
      userId: user.id,
      kind,
      tokenHash: hashToken(token),
      email: user.email,
      expiresAt: new Date(at.getTime() + ttlMs),
      createdAt: at,
    });
    return token;
  }

  async function revokeAll(userId: string, exceptToken?: string | null) {
    await deps.sessions.revokeAllForUser(userId, now(), exceptToken ? hashToken(exceptToken) : undefined);
  }

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
      const at = now();
      return deps.users.insert({
        id: randomUUID(),
        email,
        username: input.username ?? null,
        passwordHash: input.passwordHash ?? (await hashPassword(input.password)),
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        phone: input.phone,
        companyName: input.companyName ?? null,
        taxNumber: input.taxNumber ?? null,
        role: input.role ?? 'basic',
        overrideAllAccess: input.overrideAllAccess ?? false,
        kvkkAccepted: true,
        kvkkAcceptedAt: at,
        marketingConsent: Boolean(input.marketingConsent),
        marketingConsentAt: input.marketingConsent ? at : null,
        aiDataConsent: Boolean(input.aiDataConsent),
        aiDataConsentAt: input.aiDataConsent ? at : null,
        emailVerifiedAt: input.emailVerified ? at : null,
        createdAt: at,
        updatedAt: at,
      });
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
      dummyHash ??= hashPassword('not-a-real-password');
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password);
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

    /**
     * Signs in with verified Google claims: by Google subject; else links an existing account with the same
     * address only when that account's address was verified (otherwise whoever registered the address first,
     * perhaps an attacker, would share the account with its real owner); else creates a new account.
     */
    async loginWithGoogle(
      claims: { sub: string; email: string; givenName?: string; familyName?: string; picture?: string },
      client: ClientInfo,
    ): Promise<
      { kind: 'signed-in'; user: UserRow; token: string } | { kind: 'link-required'; link: GoogleLinkClaims }
    > {
      let user = await deps.users.findByGoogleSub(claims.sub);
      if (!user) {
        const byEmail = await deps.users.findByEmail(claims.email);
        if (byEmail && !byEmail.emailVerifiedAt) {
          return {
            kind: 'link-required',
            link: { sub: claims.sub, email: byEmail.email, picture: claims.picture },
          };
        }
        if (byEmail) {
          user = await deps.users.update(byEmail.id, {
            googleSub: claims.sub,
            profileImageUrl: byEmail.profileImageUrl ?? claims.picture ?? null,
          });
          if (user) await audit(user.id, 'account.google_linked', user.id, { via: 'verified-email' });
        } else {
          const at = now();
          user = await deps.users.insert({
            id: randomUUID(),
            email: claims.email.toLowerCase(),
            googleSub: claims.sub,
            firstName: claims.givenName ?? null,
            lastName: claims.familyName ?? null,
            profileImageUrl: claims.picture ?? null,
            kvkkAccepted: false,
            emailVerifiedAt: at,
            createdAt: at,
            updatedAt: at,
          });
        }
      }
      if (!user || user.deletedAt) throw new AppError('GOOGLE_LOGIN_FAILED', 400, tr.auth.googleFailed);
      const session = await createSession(user.id, client);
      return { kind: 'signed-in', user, token: session.token };
    },

    /** Sends a reset link when the address has an account; the caller answers the same either way. */
    async requestPasswordReset(rawEmail: string, client: ClientInfo) {
      const email = rawEmail.trim().toLowerCase();
      // Counted whether or not the address exists, so a 429 tells nothing about accounts.
      await take(
        `reset-ip:${client.ip}`,
        RESET_LIMITS.perIp,
        RESET_LIMITS.windowMs,
        () => tr.account.tooManyResets,
      );
      await take(
        `reset-mail:${email}`,
        RESET_LIMITS.perEmail,
        RESET_LIMITS.windowMs,
        () => tr.account.tooManyResets,
      );
      const user = await deps.users.findByEmail(email);
      if (!user || user.deletedAt) return;
      const token = await issueToken(user, 'reset_password', TOKEN_TTL.resetMs);
      sendLater(
        user.email,
        mailTemplates.passwordReset(user.firstName, `${deps.publicUrl}/sifre-sifirla?token=${token}`),
      );
      await audit(null, 'account.password_reset_requested', user.id, { ip: client.ip });
    },

    /** Sets a new password from a reset link: single use, proves the address, signs out every device. */
    async resetPassword(token: string, password: string) {
      const at = now();
      const row = await deps.tokens.consume('reset_password', hashToken(token), at);
      const user = row ? await deps.users.findById(row.userId) : undefined;
      if (!row || !user || user.deletedAt) {
        throw new AppError('RESET_TOKEN_INVALID', 400, tr.account.resetInvalid);
      }
      await deps.users.update(user.id, {
        passwordHash: await hashPassword(password),
        emailVerifiedAt: user.emailVerifiedAt ?? (row.email === user.email ? at : null),
      });
      await deps.tokens.retireAll(user.id, 'reset_password', at);
      await revokeAll(user.id);
      await audit(user.id, 'account.password_reset', user.id);
    },

    /** Mails a verification link on the user's request (no-op for verified addresses); throttled per user. */
    async sendVerification(user: UserRow) {
      if (user.emailVerifiedAt || user.deletedAt) return;
      await take(
        `verify:${user.id}`,
        VERIFY_LIMIT.perUser,
        VERIFY_LIMIT.windowMs,
        () => tr.errors.tooManyRequests,
      );
      await service.mailVerification(user);
    },

    /** Issues a verify link and sends it (awaited: the notification sweep retries failed sends). */
    async mailVerification(user: UserRow) {
      const token = await issueToken(user, 'verify_email', TOKEN_TTL.verifyMs);
      const url = `${deps.publicUrl}/eposta-dogrula?token=${token}`;
      await deps.mailer.send({ to: user.email, ...mailTemplates.verifyEmail(user.firstName, url) });
    },

    /** Marks the address verified when the link was sent to the account's current address. */
    async verifyEmail(token: string) {
      const at = now();
      const row = await deps.tokens.consume('verify_email', hashToken(token), at);
      const user = row ? await deps.users.findById(row.userId) : undefined;
      if (!row || !user || user.deletedAt || row.email !== user.email) {
        throw new AppError('VERIFY_TOKEN_INVALID', 400, tr.account.verifyInvalid);
      }
      if (!user.emailVerifiedAt) await deps.users.update(user.id, { emailVerifiedAt: at });
      await audit(user.id, 'account.email_verified', user.id);
    },

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
