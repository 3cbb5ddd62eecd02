import { z } from 'zod';
import { publicUserSchema } from './user.schema';
import { tr } from './messages.tr';
import {
  MIN_PASSWORD_LENGTH,
  emailField,
  newPasswordField,
  optionalTextField as optionalText,
  phoneField,
  taxNumberField,
} from './fields';

export { MIN_PASSWORD_LENGTH };

export const loginRequestSchema = z.object({
  email: emailField,
  password: z
    .string({ error: tr.validation.passwordRequired })
    .min(1, tr.validation.passwordRequired)
    .max(256),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** Registration fields of SPEC §5 (the payment-first flow reuses this shape as registrationData). */
export const registerRequestSchema = z
  .object({
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string().optional(),
    username: z
      .string()
      .trim()
      .max(40)
      .regex(/^[\p{L}\p{N}._-]*$/u, tr.validation.usernameInvalid)
      .optional()
      .nullable()
      .transform((v) => v || null),
    firstName: optionalText(80),
    lastName: optionalText(80),
    phone: phoneField,
    companyName: optionalText(200),
    taxNumber: taxNumberField,
    planType: z.enum(['basic', 'pro', 'business']).optional(),
    kvkkAccepted: z.literal(true, { error: tr.validation.kvkkRequired }),
    marketingConsent: z.boolean().optional().default(false),
    aiDataConsent: z.boolean().optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== undefined && v.confirmPassword !== v.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: tr.validation.passwordsDontMatch });
    }
    if (v.planType === 'business') {
      if (!v.companyName)
        ctx.addIssue({ code: 'custom', path: ['companyName'], message: tr.validation.companyRequired });
      if (!v.taxNumber)
        ctx.addIssue({ code: 'custom', path: ['taxNumber'], message: tr.validation.taxNumberRequired });
    }
  });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const authResponseSchema = z.object({
  success: z.literal(true),
  user: publicUserSchema,
  token: z.string(),
  /** Signing in with the password also linked the Google identity that was waiting for it. */
  googleLinked: z.boolean().optional(),
});

/** An answer that only says it worked (and, where there is one, what to tell the user). */
export const okResponseSchema = z.object({ success: z.literal(true) });
export const okMessageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** PATCH /api/account/profile and /api/account/consents: the saved user. */
export const accountUserResponseSchema = z.object({
  success: z.literal(true),
  user: publicUserSchema,
  message: z.string(),
});
/** GET /api/account/sessions. */
export const sessionCountResponseSchema = z.object({ success: z.literal(true), count: z.number().int() });

export const meResponseSchema = z.object({ success: z.boolean(), user: publicUserSchema.nullable() });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** Public runtime configuration the web app reads at startup. */
export const publicConfigSchema = z.object({
  googleEnabled: z.boolean(),
  /** The payment frame is `${paymentFrameBase}/${iframeToken}`; its messages are accepted from these origins only. */
  paymentFrameBase: z.string(),
  paymentFrameOrigins: z.array(z.string()),
  /** 'local': free prompts pick and tint a built-in scene; 'remote': a generation model paints the scene. */
  freePromptMode: z.enum(['remote', 'local']),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** Every error response of the API (ARCHITECTURE decision 13). */
export const errorResponseSchema = z.object({ message: z.string(), code: z.string(), requestId: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailField });
export const resetPasswordRequestSchema = z.object({
  token: z.string().min(10).max(200),
  password: newPasswordField,
});
export const verifyEmailRequestSchema = z.object({ token: z.string().min(10).max(200) });
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, tr.validation.passwordRequired).max(256),
  newPassword: newPasswordField,
});

/** Settings: the profile fields a customer may change (e-mail changes are not offered: it is the sign-in). */
export const profileUpdateSchema = z.object({
  firstName: optionalText(80),
  lastName: optionalText(80),
  phone: phoneField,
  companyName: optionalText(200),
  taxNumber: taxNumberField,
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const consentsUpdateSchema = z.object({
  marketingConsent: z.boolean(),
  aiDataConsent: z.boolean(),
});

/** Deletion is confirmed with the password, or with the address for accounts that have none (Google). */
export const deleteAccountRequestSchema = z.object({ confirmation: z.string().min(1).max(256) });
