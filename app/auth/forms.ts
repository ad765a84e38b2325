import { z } from 'zod'

// One schema per form, used by the page (Conform checks it in the browser) and by its action. The messages are
// the specification's words.

export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters long.'
export const SIGN_UP_PASSWORDS_DIFFER = 'Passwords do not match.'
export const RESET_PASSWORDS_DIFFER = 'Passwords do not match. Please try again.'
export const TERMS_REQUIRED = 'Please accept the terms of service and privacy policy.'
export const INVALID_RESET_LINK =
  'Invalid password reset link. Please request a new password reset email.'
export const RESET_EMAIL_SENT = 'Password reset email sent! Please check your inbox.'
export const SIGN_IN_FAILED = 'Failed to sign in. Please check your credentials and try again.'
export const SIGN_UP_FAILED = 'Failed to create account. Please try again.'
export const PASSWORD_UPDATED = 'Password updated successfully!'

/** A checkbox posts "on" when ticked and nothing when not. */
const checkbox = z
  .enum(['on', 'true', 'false', ''])
  .optional()
  .transform((value) => value === 'on' || value === 'true')

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'))
  .transform((value) => value.toLowerCase())

const newPassword = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(8, PASSWORD_TOO_SHORT)
  .max(128, 'Password must be at most 128 characters long.')

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`)

export const SignInSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
  rememberMe: checkbox,
  redirect: z.string().max(2000).optional(),
})

export const ForgotPasswordSchema = z.object({ email })

export const SignUpSchema = z
  .object({
    firstName: name('First name'),
    lastName: name('Last name'),
    email,
    password: newPassword,
    confirmPassword: z.string({ error: SIGN_UP_PASSWORDS_DIFFER }),
    newsletter: checkbox,
    terms: checkbox.refine((accepted) => accepted, TERMS_REQUIRED),
    redirect: z.string().max(2000).optional(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: SIGN_UP_PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  })

export const ResetPasswordSchema = z
  .object({
    token: z.string().min(1, INVALID_RESET_LINK).max(200, INVALID_RESET_LINK),
    password: newPassword,
    confirmPassword: z.string({ error: RESET_PASSWORDS_DIFFER }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: RESET_PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  })

export const SocialSignInSchema = z.object({
  provider: z.enum(['google', 'apple', 'oidc']),
  redirect: z.string().max(2000).optional(),
  verb: z.enum(['in', 'up']).default('in'),
})
