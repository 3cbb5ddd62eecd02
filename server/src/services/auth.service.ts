import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { PublicUser } from '../../../contract/user.schema';
import type { LoginRequest, RegisterRequest } from '../../../contract/auth.schema';
import { tr } from '../../../contract/messages.tr';
import { AppError } from './app-error';
import type { UserRepository, UserRow } from '../repositories/user.repository';
import type { SessionRepository } from '../repositories/session.repository';
import type { LoginThrottleRepository } from '../repositories/login-throttle.repository';

export const THROTTLE = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  accountLimit: 5,
  ipLimit: 20,
} as const;

// argon2id with OWASP's minimum-memory profile (19 MiB, t=2): cheap enough for 2-core machines.
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export const hashPassword = (password: string) => hash(password, ARGON2);

// A real hash to verify against when the account does not exist, so timing does not reveal which e-mails exist.
let dummyHash: Promise<string> | undefined;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

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
    marketingConsent: u.marketingConsent,
    aiDataConsent: u.aiDataConsent,
    createdAt: u.createdAt.toISOString(),
  };
}

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export interface AuthDeps {
  users: UserRepository;
  sessions: SessionRepository;
  throttle: LoginThrottleRepository;
  sessionTtlMs: number;
  now?: () => Date;
}

export type RegisterInput = Omit<RegisterRequest, 'confirmPassword' | 'planType'> & {
  role?: UserRow['role'];
  overrideAllAccess?: boolean;
};

/** Accounts and sessions: registration, password login with throttling, session tokens, Google linking. */
export function authService(deps: AuthDeps) {
  const now = deps.now ?? (() => new Date());

  async function createSession(userId: string, client: ClientInfo) {
    const token = randomBytes(32).toString('base64url');
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

  async function assertNotLocked(keys: string[]) {
    const at = now();
    const rows = await deps.throttle.find(keys);
    const lockedUntil = rows
      .map((r) => r.lockedUntil)
      .filter((d): d is Date => d !== null && d > at)
      .sort((a, b) => b.getTime() - a.getTime())[0];
    if (lockedUntil) {
      const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - at.getTime()) / 60_000));
      throw new AppError('TOO_MANY_ATTEMPTS', 429, tr.errors.tooManyAttempts(minutes), {
        retryAfterSeconds: Math.ceil((lockedUntil.getTime() - at.getTime()) / 1000),
      });
    }
  }

  return {
    createSession,

    /** Creates an account (no subscription yet) and signs it in. */
    async register(input: RegisterInput & { passwordHash?: string }, client: ClientInfo | null) {
      const email = input.email.trim().toLowerCase();
      if (await deps.users.findByEmail(email)) throw new AppError('EMAIL_TAKEN', 409, tr.errors.emailTaken);
      if (input.username && (await deps.users.findByUsername(input.username))) {
        throw new AppError('USERNAME_TAKEN', 409, tr.errors.usernameTaken);
      }
      const at = now();
      const user = await deps.users.insert({
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
        createdAt: at,
        updatedAt: at,
      });
      const session = client ? await createSession(user.id, client) : null;
      return { user, token: session?.token ?? null };
    },

    /** Verifies e-mail and password; counts failures per account and per IP and refuses while locked. */
    async login(input: LoginRequest, client: ClientInfo) {
      const email = input.email.trim().toLowerCase();
      const keys = [`acct:${email}`, `ip:${client.ip}`];
      await assertNotLocked(keys);
      const user = await deps.users.findByEmail(email);
      dummyHash ??= hashPassword('not-a-real-password');
      const ok = await verify(user?.passwordHash ?? (await dummyHash), input.password).catch(() => false);
      if (!user || !user.passwordHash || !ok) {
        const at = now();
        await deps.throttle.recordFailure(
          keys[0],
          at,
          THROTTLE.windowMs,
          THROTTLE.accountLimit,
          THROTTLE.lockMs,
        );
        await deps.throttle.recordFailure(keys[1], at, THROTTLE.windowMs, THROTTLE.ipLimit, THROTTLE.lockMs);
        throw new AppError('INVALID_CREDENTIALS', 401, tr.errors.invalidCredentials);
      }
      await deps.throttle.clear(keys[0]);
      const session = await createSession(user.id, client);
      return { user, token: session.token };
    },

    /** The signed-in user for a raw token, or null for unknown, revoked or expired tokens. */
    async resolveToken(token: string): Promise<{ user: UserRow; sessionId: string } | null> {
      if (!token || token.length > 200) return null;
      const at = now();
      const found = await deps.sessions.findLiveByTokenHash(hashToken(token), at);
      return found ?? null;
    },

    async logout(token: string): Promise<void> {
      await deps.sessions.revokeByTokenHash(hashToken(token), now());
    },

    /**
     * Signs in with verified Google claims: by Google subject, else links an existing account with the
     * same verified e-mail, else creates a new account (KVKK notice accepted on Google sign-up screen).
     */
    async loginWithGoogle(
      claims: { sub: string; email: string; givenName?: string; familyName?: string; picture?: string },
      client: ClientInfo,
    ) {
      let user = await deps.users.findByGoogleSub(claims.sub);
      if (!user) {
        const byEmail = await deps.users.findByEmail(claims.email);
        if (byEmail) {
          user = await deps.users.update(byEmail.id, {
            googleSub: claims.sub,
            profileImageUrl: byEmail.profileImageUrl ?? claims.picture ?? null,
          });
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
            createdAt: at,
            updatedAt: at,
          });
        }
      }
      if (!user) throw new AppError('GOOGLE_LOGIN_FAILED', 400, tr.auth.googleFailed);
      const session = await createSession(user.id, client);
      return { user, token: session.token };
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
