import { z } from 'zod'
import { PASSWORD_TOO_SHORT, SIGN_UP_PASSWORDS_DIFFER } from '~/auth/forms'
import { optionalPhone, requiredText } from '~/platform/us-address'

// The Profile page's two forms. Each carries its `intent`, so the page's one action can tell
// them apart (ProfileIntentSchema) and check each with its own schema, as the browser does.

export const PROFILE_UPDATED = 'Profile updated successfully.'
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect.'
export const PASSWORD_UPDATE_FAILED = 'Failed to update password. Please try again.'

export const ProfileSchema = z.object({
  intent: z.literal('profile'),
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  phone: optionalPhone,
})

export const ChangePasswordSchema = z
  .object({
    intent: z.literal('password'),
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(128, CURRENT_PASSWORD_WRONG),
    newPassword: z
      .string({ error: PASSWORD_TOO_SHORT })
      .min(8, PASSWORD_TOO_SHORT)
      .max(128, 'Password must be at most 128 characters long.'),
    confirmPassword: z.string({ error: SIGN_UP_PASSWORDS_DIFFER }),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: SIGN_UP_PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  })

/** Which of the two forms was posted; anything else gets CHECK_YOUR_INPUT. */
export const ProfileIntentSchema = z.object({
  intent: z.enum(['profile', 'password'], { error: 'Unknown form.' }),
})

export const CHECK_YOUR_INPUT = 'Please check your input and try again.'

export type ProfileInput = z.output<typeof ProfileSchema>
export type ChangePasswordInput = z.output<typeof ChangePasswordSchema>
