import { z } from 'zod';
import { tr } from './messages.tr';

/** Form fields several request schemas share (one home for each field's rule and its Turkish message). */

export const MIN_PASSWORD_LENGTH = 8;

/** An e-mail address: trimmed, at most 254 characters, compared and stored in lower case. */
export const emailField = z
  .string({ error: tr.validation.emailRequired })
  .trim()
  .min(1, tr.validation.emailRequired)
  .max(254, tr.validation.emailInvalid)
  .pipe(z.email({ error: tr.validation.emailInvalid }))
  .transform((v) => v.toLowerCase());

/** A password being chosen (registration, reset, change). */
export const newPasswordField = z
  .string({ error: tr.validation.passwordRequired })
  .min(1, tr.validation.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, tr.validation.passwordTooShort)
  .max(256);

/** Optional free text: trimmed, empty becomes null. */
export const optionalTextField = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => v || null);

export const phoneField = z
  .string({ error: tr.validation.phoneRequired })
  .trim()
  .min(1, tr.validation.phoneRequired)
  .max(20, tr.validation.phoneInvalid)
  .regex(/^\+?[0-9 ()-]{7,20}$/, tr.validation.phoneInvalid);

/** A Turkish tax number (10 digits, or 11 for a T.C. identity number), optional. */
export const taxNumberField = z
  .string()
  .trim()
  .regex(/^(\d{10,11})?$/, tr.validation.taxNumberInvalid)
  .optional()
  .nullable()
  .transform((v) => v || null);
