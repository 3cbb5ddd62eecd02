import type { PublicUser } from '../../../../contract/user.schema';
import type { UserRow } from '../../repositories/user.repository';

/** Who a user is, as every answer that names one starts (the user's own view and the admin's list). */
export function userIdentity(u: UserRow) {
  return { id: u.id, email: u.email, username: u.username, firstName: u.firstName, lastName: u.lastName };
}

/** The user as the API shows them to themselves (`publicUserSchema`). */
export function toPublicUser(u: UserRow): PublicUser {
  return {
    ...userIdentity(u),
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
