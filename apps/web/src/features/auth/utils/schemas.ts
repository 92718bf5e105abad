/**
 * zod schemas of the authentication forms (spec section 5). Messages are i18n keys; the form
 * fields translate them when shown, so a language switch also switches the messages. zod/mini,
 * because the login form is on the first page (docs/decisions/006-bundle-budget.md).
 */
import * as z from 'zod/mini';
import { INVITATION_CODE_MAX, RESET_CODE_LENGTH } from '@sp/shared';
import { meetsPasswordPolicy } from '@/lib/password/password-rules';

export const emailField = z.pipe(
  z.string().check(z.trim(), z.minLength(1, { error: 'auth.validation.emailRequired' })),
  z.email({ error: 'common.error.invalidEmail' }),
);

const passwordRequired = z.string().check(z.minLength(1, { error: 'auth.validation.passwordRequired' }));

const newPassword = passwordRequired.check(z.refine(meetsPasswordPolicy, { error: 'auth.validation.passwordPolicy' }));

/** The six-digit codes the identity provider e-mails (sign-up and password reset). */
export const codeField = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'auth.validation.codeRequired' }),
    z.regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), { error: 'auth.validation.codeLength' }),
  );

export const registerSchema = z.object({
  email: emailField,
  password: newPassword,
  invitationCode: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'auth.validation.invitationCodeRequired' }),
      z.maxLength(INVITATION_CODE_MAX, { error: 'auth.register.invalidCode' }),
    ),
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
    confirmPassword: z.string().check(z.minLength(1, { error: 'auth.validation.confirmPasswordRequired' })),
  })
  .check(
    z.refine((values) => values.password === values.confirmPassword, {
      error: 'auth.validation.passwordMismatch',
      path: ['confirmPassword'],
      when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== 'confirmPassword'),
    }),
  );
export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;
