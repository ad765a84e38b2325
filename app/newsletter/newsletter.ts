import { z } from 'zod'
import { emailField } from '~/platform/forms/email-field'

// The newsletter form's schema and words (spec sections 5 and 8), shared by the page and the
// action, plus the token every newsletter link carries.

export const NEWSLETTER_SUBSCRIBED = 'Thank you for subscribing to our newsletter!'
export const NEWSLETTER_FAILED = 'There was an error subscribing. Please try again.'
export const NEWSLETTER_CONFIRMED = 'Your subscription is confirmed.'
export const NEWSLETTER_UNSUBSCRIBED = 'You have been unsubscribed.'
export const NEWSLETTER_BAD_LINK =
  'This newsletter link is not valid. It may have been mistyped or replaced by a newer email.'

export const NewsletterSchema = z.object({ email: emailField })

/** 32 random bytes in base64url: what newsletter.server.ts makes. Anything else is refused unread. */
export const NewsletterTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/)
