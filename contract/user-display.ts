// Zod-free on purpose: the navigation imports this into the first-paint bundle.
import type { PublicUser, Role } from './user.schema';

/** What navigation and the dashboard need to name a person (SPEC §2 Top navigation). */
export type NamedUser = Pick<PublicUser, 'firstName' | 'lastName' | 'username' | 'email'>;

/** First + last name, else username, else e-mail, else 'Kullanıcı'. */
export function displayName(user: Partial<NamedUser> | null | undefined): string {
  const full = [user?.firstName?.trim(), user?.lastName?.trim()].filter(Boolean).join(' ');
  return full || user?.username?.trim() || user?.email?.trim() || 'Kullanıcı';
}

/** First and last name initials, else the first two letters of username or e-mail, else 'U'. */
export function initials(user: Partial<NamedUser> | null | undefined): string {
  const first = user?.firstName?.trim();
  const last = user?.lastName?.trim();
  if (first && last) return (first[0] + last[0]).toLocaleUpperCase('tr-TR');
  const fallback = user?.username?.trim() || user?.email?.trim();
  if (fallback) return fallback.slice(0, 2).toLocaleUpperCase('tr-TR');
  return 'U';
}

export const roleLabels: Record<Role, string> = {
  basic: 'Basic Plan',
  pro: 'Pro Plan',
  business: 'Business Plan',
  admin: 'Admin',
};
