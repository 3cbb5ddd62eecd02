/**
 * THE privileged-user rule, for server and web alike: admins and All-Access users have every plan feature
 * (they run as the business plan) and no monthly photo limit, with or without a subscription. The quota,
 * the photo module and the web's plan gates all ask this; none restates it.
 */
export const isPrivileged = (user: { role: string; overrideAllAccess: boolean } | null | undefined) =>
  Boolean(user && (user.overrideAllAccess || user.role === 'admin'));
