import { z } from 'zod'

/** One rule for an email address in every form (contact, newsletter): trimmed, lower-cased. */
export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'))
  .transform((value) => value.toLowerCase())
