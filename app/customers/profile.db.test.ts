import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PASSWORD_TOO_SHORT } from '~/auth/forms'
import { parseSubmission, replyInvalid } from '~/platform/forms/conform'
import { createCustomer } from '~/seed/factories.server'
import { createTestDatabase, type TestDatabase } from '../../tests/setup/database'
import { ChangePasswordSchema, ProfileIntentSchema, ProfileSchema } from './profile'
import { getProfile, updateProfile } from './profile.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})

// A fixed past time, so a save that moves updated_at is told apart from one that does not.
const lastSaved = new Date('2026-01-01T00:00:00.000Z')
const customer = (first_name: string) =>
  createCustomer(t.db, { first_name, last_name: 'Lee', updated_at: lastSaved })

describe('profile', () => {
  test('reads only what the page shows', async () => {
    const ann = await customer('Ann')
    const profile = await getProfile(t.db, ann.id)
    expect(profile).toEqual({ first_name: 'Ann', last_name: 'Lee', email: ann.email, phone: null })
    expect(await getProfile(t.db, 'no-such-customer')).toBeNull()
  })

  test('saving keeps name = "First Last" and moves updated_at; others are untouched', async () => {
    const { id: ann } = await customer('Ann')
    const { id: bob } = await customer('Bob')
    const before = Date.now()
    expect(
      await updateProfile(t.db, ann, {
        firstName: 'Annie',
        lastName: 'Long',
        phone: '208 555 0100',
      }),
    ).toBe(true)

    const row = await t.db
      .selectFrom('customers')
      .select(['name', 'first_name', 'last_name', 'phone', 'updated_at'])
      .where('id', '=', ann)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      name: 'Annie Long',
      first_name: 'Annie',
      last_name: 'Long',
      phone: '208 555 0100',
    })
    expect(row.updated_at.getTime()).toBeGreaterThanOrEqual(before - 1000)

    await updateProfile(t.db, ann, { firstName: 'Annie', lastName: 'Long', phone: null })
    expect((await getProfile(t.db, ann))?.phone).toBeNull()

    const untouched = await t.db
      .selectFrom('customers')
      .select(['name', 'updated_at'])
      .where('id', '=', bob)
      .executeTakeFirstOrThrow()
    expect(untouched).toEqual({ name: 'Bob Lee', updated_at: lastSaved })
    expect(
      await updateProfile(t.db, 'no-such-customer', { firstName: 'A', lastName: 'B', phone: null }),
    ).toBe(false)
  })
})

function form(entries: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) data.append(name, value)
  return data
}

describe('the profile forms', () => {
  test('profile form: names required, phone optional but checked', () => {
    const good = parseSubmission(
      form({ intent: 'profile', firstName: ' Ann ', lastName: 'Lee', phone: '' }),
      ProfileSchema,
    )
    expect(good.status === 'success' && good.value).toEqual({
      intent: 'profile',
      firstName: 'Ann',
      lastName: 'Lee',
      phone: null,
    })
    expect(
      parseSubmission(
        form({ intent: 'profile', firstName: '', lastName: ' ', phone: '12' }),
        ProfileSchema,
      ).reply().error,
    ).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      phone: ['Please enter a valid phone number'],
    })
  })

  test("change password: the specification's messages, and no password sent back", () => {
    const good = {
      intent: 'password',
      currentPassword: 'old-password',
      newPassword: 'new-password',
      confirmPassword: 'new-password',
    }
    expect(parseSubmission(form(good), ChangePasswordSchema).status).toBe('success')
    const short = parseSubmission(
      form({ ...good, currentPassword: '', newPassword: 'short', confirmPassword: 'short' }),
      ChangePasswordSchema,
    )
    expect(short.reply().error).toEqual({
      currentPassword: ['Current password is required'],
      newPassword: [PASSWORD_TOO_SHORT],
    })
    expect(PASSWORD_TOO_SHORT).toBe('Password must be at least 8 characters long.')
    expect(
      parseSubmission(form({ ...good, confirmPassword: 'different' }), ChangePasswordSchema).reply()
        .error,
    ).toEqual({ confirmPassword: ['Passwords do not match.'] })
    const answer = replyInvalid(short, {
      hideFields: ['currentPassword', 'newPassword', 'confirmPassword'],
    })
    expect(answer.data.initialValue).toEqual({ intent: 'password' })
  })

  test('one action tells the forms apart by intent', () => {
    const profile = parseSubmission(form({ intent: 'profile' }), ProfileIntentSchema)
    expect(profile.status === 'success' && profile.value.intent).toBe('profile')
    const password = parseSubmission(form({ intent: 'password' }), ProfileIntentSchema)
    expect(password.status === 'success' && password.value.intent).toBe('password')
    expect(parseSubmission(form({ intent: 'delete-everything' }), ProfileIntentSchema).status).toBe(
      'error',
    )
    expect(parseSubmission(form({}), ProfileIntentSchema).status).toBe('error')
  })
})
