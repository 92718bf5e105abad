/**
 * zod schemas of the authentication forms (spec section 5). Messages are i18n keys; the form
 * fields translate them when shown, so a language switch also switches the messages.
 */
import { z } from 'zod';
import { INVITATION_CODE_MAX, RESET_CODE_LENGTH } from '@sp/shared';
import { meetsPasswordPolicy } from './password-rules';

export const emailField = z
  .string()
  .trim()
  .min(1, { error: 'auth.validation.emailRequired' })
  .pipe(z.email({ error: 'common.error.invalidEmail' }));

const passwordRequired = z.string().min(1, { error: 'auth.validation.passwordRequired' });

const newPassword = passwordRequired.refine(meetsPasswordPolicy, { error: 'auth.validation.passwordPolicy' });

/** The six-digit codes the identity provider e-mails (sign-up and password reset). */
export const codeField = z
  .string()
  .trim()
  .min(1, { error: 'auth.validation.codeRequired' })
  .regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), { error: 'auth.validation.codeLength' });

export const registerSchema = z.object({
  email: emailField,
  password: newPassword,
  invitationCode: z
    .string()
    .trim()
    .min(1, { error: 'auth.validation.invitationCodeRequired' })
    .max(INVITATION_CODE_MAX, { error: 'auth.register.invalidCode' }),
});
export type RegisterValues = z.input<typeof registerSchema>;

export const loginSchema = z.object({ email: emailField, password: passwordRequired });
export type LoginValues = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;

export const verifySchema = z.object({ code: codeField });
export type VerifyValues = z.input<typeof verifySchema>;

export const resetPasswordSchema = z
  .object({
    code: codeField,
    password: newPassword,
    confirmPassword: z.string().min(1, { error: 'auth.validation.confirmPasswordRequired' }),
  })
  .refine((values) => values.password === values.confirmPassword, {
    error: 'auth.validation.passwordMismatch',
    path: ['confirmPassword'],
    when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== 'confirmPassword'),
  });
export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;
