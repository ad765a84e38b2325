import { describe, expect, test } from 'vitest'
import { parseForm } from '~/platform/forms/form-data'
import {
  PASSWORD_TOO_SHORT,
  RESET_PASSWORDS_DIFFER,
  ResetPasswordSchema,
  SIGN_UP_PASSWORDS_DIFFER,
  SignUpSchema,
  TERMS_REQUIRED,
} from './forms'

const good = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: ' Ann@Example.COM ',
  password: 'longenough',
  confirmPassword: 'longenough',
  terms: 'on',
}

describe('sign-up form', () => {
  test('a good form passes, email normalised, newsletter off unless ticked', () => {
    const result = parseForm(SignUpSchema, good)
    expect(result).toEqual({
      ok: true,
      data: { ...good, email: 'ann@example.com', terms: true, newsletter: false },
    })
  })

  test("the specification's messages, next to their fields", () => {
    const result = parseForm(SignUpSchema, {
      ...good,
      password: 'short',
      confirmPassword: 'other',
      terms: undefined,
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.fieldErrors.password).toBe(PASSWORD_TOO_SHORT)
    expect(result.fieldErrors.terms).toBe(TERMS_REQUIRED)
    expect(parseForm(SignUpSchema, { ...good, confirmPassword: 'different1' })).toEqual({
      ok: false,
      fieldErrors: { confirmPassword: SIGN_UP_PASSWORDS_DIFFER },
    })
  })

  test('missing fields are named', () => {
    const result = parseForm(SignUpSchema, {})
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.fieldErrors.firstName).toBe('First name is required')
    expect(result.fieldErrors.email).toBe('Email is required')
  })
})

test('reset form: 8 characters (one policy) and its own mismatch text', () => {
  expect(
    parseForm(ResetPasswordSchema, { token: 't', password: 'sixsix', confirmPassword: 'sixsix' }),
  ).toEqual({
    ok: false,
    fieldErrors: { password: PASSWORD_TOO_SHORT },
  })
  expect(
    parseForm(ResetPasswordSchema, {
      token: 't',
      password: 'eightchr',
      confirmPassword: 'eightchx',
    }),
  ).toEqual({ ok: false, fieldErrors: { confirmPassword: RESET_PASSWORDS_DIFFER } })
})
