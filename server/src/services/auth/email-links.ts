import { randomUUID } from 'node:crypto';
import { tr } from '../../../../contract/messages.tr';
import { AppError } from '../app-error';
import type { UserRepository, UserRow } from '../../repositories/user.repository';
import type { AuthTokenRepository } from '../../repositories/auth-token.repository';
import type { Mailer } from '../../adapters/mail/mailer';
import { mailTemplates } from '../mail.templates';
import { hashPassword, hashToken, newToken } from './passwords';

/** Link lifetimes: a reset link is a password, so it lives briefly; a verify link only proves an address. */
export const TOKEN_TTL = { resetMs: 30 * 60_000, verifyMs: 3 * 24 * 3600_000 } as const;
const RESET_LIMITS = { perIp: 10, perEmail: 3, windowMs: 60 * 60_000 } as const;
const VERIFY_LIMIT = { perUser: 5, windowMs: 60 * 60_000 } as const;

export interface EmailLinkDeps {
  users: UserRepository;
  tokens: AuthTokenRepository;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  /** The auth service's helpers: throttle slot, audit entry, sign out everywhere, background mail. */
  take(key: string, limit: number, windowMs: number, message: (minutes: number) => string): Promise<void>;
  audit(actorId: string | null, action: string, targetId: string, details?: object): Promise<void>;
  revokeAll(userId: string): Promise<void>;
  sendLater(to: string, template: ReturnType<(typeof mailTemplates)[keyof typeof mailTemplates]>): void;
}

/** The e-mailed links of an account: password reset and address verification (single use, hashed). */
export function emailLinks(deps: EmailLinkDeps) {
  const { now, take, audit, revokeAll, sendLater } = deps;

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

  const service = {
    /** Sends a reset link when the address has an account; the caller answers the same either way. */
    async requestPasswordReset(rawEmail: string, client: { ip: string }) {
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
  };
  return service;
}
