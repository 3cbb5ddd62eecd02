import { z } from 'zod';
import { tr } from './messages.tr';
import { emailField } from './fields';

/** SPEC §2 Contact: the form's categories, in the order the select shows them. */
export const contactCategories = ['support', 'billing', 'feature', 'partnership', 'other'] as const;
export type ContactCategory = (typeof contactCategories)[number];

export const CONTACT_LIMITS = { name: 100, subject: 150, messageMin: 10, messageMax: 5000 } as const;

const v = tr.site.validation;

/** The contact form (SPEC §2); stored and shown in the admin console. */
export const contactRequestSchema = z.object({
  name: z
    .string({ error: v.nameRequired })
    .trim()
    .min(1, v.nameRequired)
    .max(CONTACT_LIMITS.name, v.nameTooLong),
  email: emailField,
  category: z.enum(contactCategories, { error: v.categoryRequired }),
  subject: z
    .string({ error: v.subjectRequired })
    .trim()
    .min(1, v.subjectRequired)
    .max(CONTACT_LIMITS.subject, v.subjectTooLong),
  message: z
    .string({ error: v.messageRequired })
    .trim()
    .min(1, v.messageRequired)
    .min(CONTACT_LIMITS.messageMin, v.messageTooShort)
    .max(CONTACT_LIMITS.messageMax, v.messageTooLong),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

/** The footer's newsletter box (SPEC §2 item 6). */
export const newsletterRequestSchema = z.object({
  email: emailField,
  source: z.string().trim().max(40).optional(),
});
export type NewsletterRequest = z.input<typeof newsletterRequestSchema>;

export const siteResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type SiteResponse = z.infer<typeof siteResponseSchema>;
