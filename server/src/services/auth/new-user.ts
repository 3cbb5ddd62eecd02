import { randomUUID } from 'node:crypto';
import type { NewUserRow, UserRow } from '../../repositories/user.repository';

/**
 * What an account is made from: a registration form (paid sign-up or the operator CLI) or Google's claims.
 * The one place a user row is built, so every way in stores the same fields, consents and their times.
 */
export interface NewAccount {
  email: string;
  username?: string | null;
  passwordHash?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  companyName?: string | null;
  taxNumber?: string | null;
  role?: UserRow['role'];
  overrideAllAccess?: boolean;
  googleSub?: string | null;
  profileImageUrl?: string | null;
  /** The registration form requires the KVKK notice; a Google sign-in has not shown it yet. */
  kvkkAccepted: boolean;
  marketingConsent?: boolean;
  aiDataConsent?: boolean;
  /** Google, a password reset or an operator vouch for the address; a form alone does not. */
  emailVerified?: boolean;
}

/** The new user row; consents date from when the customer gave them (`consentAt`, e.g. the order's start). */
export function newUserRow(a: NewAccount, at: Date, consentAt: Date = at): NewUserRow {
  return {
    id: randomUUID(),
    email: a.email.trim().toLowerCase(),
    username: a.username ?? null,
    passwordHash: a.passwordHash ?? null,
    firstName: a.firstName ?? null,
    lastName: a.lastName ?? null,
    phone: a.phone ?? null,
    companyName: a.companyName ?? null,
    taxNumber: a.taxNumber ?? null,
    role: a.role ?? 'basic',
    overrideAllAccess: a.overrideAllAccess ?? false,
    googleSub: a.googleSub ?? null,
    profileImageUrl: a.profileImageUrl ?? null,
    kvkkAccepted: a.kvkkAccepted,
    kvkkAcceptedAt: a.kvkkAccepted ? consentAt : null,
    marketingConsent: Boolean(a.marketingConsent),
    marketingConsentAt: a.marketingConsent ? consentAt : null,
    aiDataConsent: Boolean(a.aiDataConsent),
    aiDataConsentAt: a.aiDataConsent ? consentAt : null,
    emailVerifiedAt: a.emailVerified ? at : null,
    createdAt: at,
    updatedAt: at,
  };
}
