import { z } from 'zod';

/** Roles of SPEC §6; the role follows the subscribed plan, admin is granted by hand. */
export const roles = ['basic', 'pro', 'business', 'admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** The user as the API returns it (SPEC §3 User); never carries secrets. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: roleSchema,
  overrideAllAccess: z.boolean(),
  taxNumber: z.string().nullable(),
  companyName: z.string().nullable(),
  kvkkAccepted: z.boolean(),
  /** When the KVKK notice was accepted (settings shows it; KVKK asks that it can be shown). */
  kvkkAcceptedAt: z.string().nullable(),
  marketingConsent: z.boolean(),
  aiDataConsent: z.boolean(),
  /** The owner proved the address (link, reset or Google); Google sign-in links only such accounts. */
  emailVerified: z.boolean(),
  /** False for Google-only accounts: settings offers to set one through the reset link. */
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
