import { z } from 'zod'
import { emailField } from '~/platform/forms/email-field'

// The contact form's one schema, used by the page before sending and by the action after.
// The messages around it are the specification's words (section 8).

export const CONTACT_SENT = 'Thank you for your message! We will get back to you soon.'
export const CONTACT_FAILED = 'There was an error sending your message. Please try again.'

/** The subject options (spec section 3) in the order the select shows them. */
export const CONTACT_SUBJECTS = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'products', label: 'Products' },
  { value: 'orders', label: 'Orders' },
  { value: 'wholesale', label: 'Wholesale' },
  { value: 'visit', label: 'Farm Visit' },
] as const

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]['value']

const SUBJECT_VALUES = CONTACT_SUBJECTS.map((subject) => subject.value) as [
  ContactSubject,
  ...ContactSubject[],
]

export function subjectLabel(subject: ContactSubject): string {
  return CONTACT_SUBJECTS.find((option) => option.value === subject)?.label ?? subject
}

export const MESSAGE_MAX_LENGTH = 5000

/** Required text: trimmed, and white space runs (newlines too) made one space for one-line fields. */
const line = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .transform((value) => value.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, required).max(max, tooLong))

export const ContactSchema = z.object({
  name: line('Name is required', 100, 'Name must be at most 100 characters'),
  email: emailField,
  phone: z
    .string()
    .trim()
    .max(30, 'Please enter a valid phone number')
    .regex(/^[0-9+().\-\s]*$/, 'Please enter a valid phone number')
    .optional()
    .transform((value) => (value ? value : null)),
  subject: z.enum(SUBJECT_VALUES, { error: 'Please choose a subject' }),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`),
})

export type ContactInput = z.output<typeof ContactSchema>
