import { describe, expect, test } from 'vitest'
import { NewsletterSchema, NewsletterTokenSchema } from '~/newsletter/newsletter'
import { checkForm } from '../../tests/support/forms'
import { CONTACT_SUBJECTS, ContactSchema, subjectLabel } from './contact'

const good = {
  name: '  Ann Lee ',
  email: ' Ann@Example.com ',
  phone: '',
  subject: 'wholesale',
  message: ' We run a small restaurant in Hailey.\nDo you sell to restaurants? ',
}

describe('the contact form schema', () => {
  test('a good message: trimmed, address lower-cased, no phone is null', () => {
    expect(checkForm(ContactSchema, good)).toEqual({
      ok: true,
      data: {
        name: 'Ann Lee',
        email: 'ann@example.com',
        phone: null,
        subject: 'wholesale',
        message: 'We run a small restaurant in Hailey.\nDo you sell to restaurants?',
      },
    })
  })

  test('required fields, each with its own message', () => {
    expect(checkForm(ContactSchema, {})).toEqual({
      ok: false,
      fieldErrors: {
        name: 'Name is required',
        email: 'Email is required',
        subject: 'Please choose a subject',
        message: 'Message is required',
      },
    })
    const blank = { name: '   ', email: ' ', subject: '', message: '\n ' }
    expect(checkForm(ContactSchema, blank)).toMatchObject({
      ok: false,
      fieldErrors: {
        name: 'Name is required',
        email: 'Email is required',
        subject: 'Please choose a subject',
        message: 'Message is required',
      },
    })
  })

  test('email format, phone characters, subject list, lengths', () => {
    const errors = (values: Record<string, string>) => {
      const result = checkForm(ContactSchema, { ...good, ...values })
      return result.ok ? {} : result.fieldErrors
    }
    expect(errors({ email: 'not-an-email' })).toEqual({
      email: 'Please enter a valid email address',
    })
    expect(errors({ phone: 'call me maybe' })).toEqual({
      phone: 'Please enter a valid phone number',
    })
    expect(errors({ phone: '+1 (208) 555-0142' })).toEqual({})
    expect(errors({ subject: 'complaints' })).toEqual({ subject: 'Please choose a subject' })
    expect(errors({ name: 'x'.repeat(101) })).toEqual({
      name: 'Name must be at most 100 characters',
    })
    expect(errors({ message: 'x'.repeat(5001) })).toEqual({
      message: 'Message must be at most 5000 characters',
    })
  })

  test('a name is one line: newlines cannot reach the email subject', () => {
    const result = checkForm(ContactSchema, { ...good, name: 'Ann\r\nBcc: x@example.com' })
    expect(result.ok && result.data.name).toBe('Ann Bcc: x@example.com')
  })

  test('the five subjects, shown with their labels', () => {
    expect(CONTACT_SUBJECTS.map((subject) => subject.value)).toEqual([
      'general',
      'products',
      'orders',
      'wholesale',
      'visit',
    ])
    expect(CONTACT_SUBJECTS.map((subject) => subject.label)).toEqual([
      'General Inquiry',
      'Products',
      'Orders',
      'Wholesale',
      'Farm Visit',
    ])
    expect(subjectLabel('visit')).toBe('Farm Visit')
  })
})

describe('the newsletter schema', () => {
  test('an address is required and must look like one', () => {
    expect(checkForm(NewsletterSchema, { email: ' Bea@Example.com' })).toEqual({
      ok: true,
      data: { email: 'bea@example.com' },
    })
    expect(checkForm(NewsletterSchema, {})).toEqual({
      ok: false,
      fieldErrors: { email: 'Email is required' },
    })
    expect(checkForm(NewsletterSchema, { email: 'bea@' })).toEqual({
      ok: false,
      fieldErrors: { email: 'Please enter a valid email address' },
    })
  })

  test('tokens: 43 base64url characters and nothing else', () => {
    expect(NewsletterTokenSchema.safeParse('a'.repeat(43)).success).toBe(true)
    expect(NewsletterTokenSchema.safeParse('a-_B9'.repeat(8).concat('abc')).success).toBe(true)
    for (const bad of ['', 'a'.repeat(42), 'a'.repeat(44), `${'a'.repeat(42)}=`, null]) {
      expect(NewsletterTokenSchema.safeParse(bad).success).toBe(false)
    }
  })
})
