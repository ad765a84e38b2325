import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PASSWORD_TOO_SHORT } from '~/auth/forms'
import { parseForm } from '~/platform/forms/form-data'
import { createCustomer } from '~/seed/factories.server'
import { createTestDatabase, type TestDatabase } from '../../tests/setup/database'
import { ChangePasswordSchema, ProfileActionSchema, ProfileSchema } from './profile'
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

describe('the profile forms', () => {
  test('profile form: names required, phone optional but checked', () => {
    expect(
      parseForm(ProfileSchema, {
        intent: 'profile',
        firstName: ' Ann ',
        lastName: 'Lee',
        phone: '',
      }),
    ).toEqual({
      ok: true,
      data: { intent: 'profile', firstName: 'Ann', lastName: 'Lee', phone: null },
    })
    expect(
      parseForm(ProfileSchema, { intent: 'profile', firstName: '', lastName: ' ', phone: '12' }),
    ).toEqual({
      ok: false,
      fieldErrors: {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        phone: 'Please enter a valid phone number',
      },
    })
  })

  test("change password: the specification's messages", () => {
    const good = {
      intent: 'password',
      currentPassword: 'old-password',
      newPassword: 'new-password',
      confirmPassword: 'new-password',
    }
    expect(parseForm(ChangePasswordSchema, good).ok).toBe(true)
    expect(
      parseForm(ChangePasswordSchema, {
        ...good,
        currentPassword: '',
        newPassword: 'short',
        confirmPassword: 'short',
      }),
    ).toEqual({
      ok: false,
      fieldErrors: {
        currentPassword: 'Current password is required',
        newPassword: PASSWORD_TOO_SHORT,
      },
    })
    expect(PASSWORD_TOO_SHORT).toBe('Password must be at least 8 characters long.')
    expect(parseForm(ChangePasswordSchema, { ...good, confirmPassword: 'different' })).toEqual({
      ok: false,
      fieldErrors: { confirmPassword: 'Passwords do not match.' },
    })
  })

  test('one action tells the forms apart by intent', () => {
    const profile = parseForm(ProfileActionSchema, {
      intent: 'profile',
      firstName: 'Ann',
      lastName: 'Lee',
    })
    expect(profile.ok && profile.data.intent).toBe('profile')
    const password = parseForm(ProfileActionSchema, {
      intent: 'password',
      currentPassword: 'x',
      newPassword: 'long-enough',
      confirmPassword: 'not-the-same',
    })
    expect(password).toEqual({
      ok: false,
      fieldErrors: { confirmPassword: 'Passwords do not match.' },
    })
    expect(parseForm(ProfileActionSchema, { intent: 'delete-everything' }).ok).toBe(false)
  })
})
