import { describe, expect, test } from 'vitest'
import { parseSubmission, replyInvalid } from '~/platform/forms/conform'
import {
  ForgotPasswordSchema,
  PASSWORD_TOO_SHORT,
  RESET_PASSWORDS_DIFFER,
  ResetPasswordSchema,
  SIGN_UP_PASSWORDS_DIFFER,
  SignInSchema,
  SignUpSchema,
  TERMS_REQUIRED,
} from './forms'

function form(entries: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) data.append(name, value)
  return data
}

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
    const submission = parseSubmission(form(good), SignUpSchema)
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual({
      ...good,
      email: 'ann@example.com',
      terms: true,
      newsletter: false,
    })
  })

  test("the specification's messages, next to their fields", () => {
    const { terms: _unticked, ...rest } = good
    const submission = parseSubmission(
      form({ ...rest, password: 'short', confirmPassword: 'other' }),
      SignUpSchema,
    )
    const error = submission.reply().error
    expect(error?.password).toEqual([PASSWORD_TOO_SHORT])
    expect(error?.terms).toEqual([TERMS_REQUIRED])
    expect(
      parseSubmission(form({ ...good, confirmPassword: 'different1' }), SignUpSchema).reply().error,
    ).toEqual({ confirmPassword: [SIGN_UP_PASSWORDS_DIFFER] })
  })

  test('missing fields are named', () => {
    const error = parseSubmission(form({}), SignUpSchema).reply().error
    expect(error?.firstName).toEqual(['First name is required'])
    expect(error?.email).toEqual(['Email is required'])
  })

  test('a refusal sends back what was typed, never the passwords', () => {
    const submission = parseSubmission(form({ ...good, email: 'not-an-email' }), SignUpSchema)
    const answer = replyInvalid(submission, { hideFields: ['password', 'confirmPassword'] })
    expect(answer.init?.status).toBe(400)
    expect(answer.data.error).toEqual({ email: ['Please enter a valid email address'] })
    expect(answer.data.initialValue).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'not-an-email',
      terms: 'on',
    })
  })
})

test('sign-in: an empty form names both fields; the password never comes back', () => {
  const submission = parseSubmission(form({ email: '', password: '' }), SignInSchema)
  expect(submission.reply().error).toEqual({
    email: ['Email is required'],
    password: ['Password is required'],
  })
  const answer = replyInvalid(
    parseSubmission(form({ email: 'ann@', password: 'secret' }), SignInSchema),
    { hideFields: ['password'] },
  )
  expect(answer.data.initialValue).toEqual({ email: 'ann@' })
})

test('forgot password: the address is checked and normalised', () => {
  const submission = parseSubmission(form({ email: ' Ann@Example.com' }), ForgotPasswordSchema)
  expect(submission.status === 'success' && submission.value.email).toBe('ann@example.com')
  expect(parseSubmission(form({ email: 'ann' }), ForgotPasswordSchema).reply().error).toEqual({
    email: ['Please enter a valid email address'],
  })
})

test('reset form: 8 characters (one policy) and its own mismatch text', () => {
  expect(
    parseSubmission(
      form({ token: 't', password: 'sixsix', confirmPassword: 'sixsix' }),
      ResetPasswordSchema,
    ).reply().error,
  ).toEqual({ password: [PASSWORD_TOO_SHORT] })
  expect(
    parseSubmission(
      form({ token: 't', password: 'eightchr', confirmPassword: 'eightchx' }),
      ResetPasswordSchema,
    ).reply().error,
  ).toEqual({ confirmPassword: [RESET_PASSWORDS_DIFFER] })
})
