import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AddressInput, addressSchema, ZIP_CODE_INVALID } from '~/platform/us-address'
import { createCustomer } from '~/seed/factories.server'
import { listStatesOffered } from '~/settings/settings.server'
import { createTestDatabase, type TestDatabase } from '../../tests/setup/database'
import { checkForm } from '../../tests/support/forms'
import {
  createAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from './addresses.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})

const input = (overrides: Partial<AddressInput> = {}): AddressInput => ({
  firstName: 'Ann',
  lastName: 'Lee',
  street: '12 Main St',
  apartment: null,
  city: 'Boise',
  state: 'ID',
  zipCode: '83702',
  phone: null,
  isDefault: false,
  ...overrides,
})

const defaults = async (customerId: string) =>
  (await listAddresses(t.db, customerId)).filter((a) => a.is_default).map((a) => a.street)

describe('addresses', () => {
  test('the first address becomes the default; later ones do not unless asked', async () => {
    const { id: ann } = await createCustomer(t.db)
    const first = await createAddress(t.db, ann, input({ street: '1 First St' }))
    expect(first).toEqual({
      id: expect.any(String),
      first_name: 'Ann',
      last_name: 'Lee',
      street: '1 First St',
      apartment: null,
      city: 'Boise',
      state: 'ID',
      zip_code: '83702',
      phone: null,
      is_default: true,
    })
    const second = await createAddress(t.db, ann, input({ street: '2 Second St' }))
    expect(second.is_default).toBe(false)
    expect(await defaults(ann)).toEqual(['1 First St'])

    await createAddress(t.db, ann, input({ street: '3 Third St', isDefault: true }))
    expect(await defaults(ann)).toEqual(['3 Third St'])
    const streets = (await listAddresses(t.db, ann)).map((a) => a.street)
    expect(streets).toEqual(['3 Third St', '1 First St', '2 Second St'])
  })

  test('setting a default clears the others', async () => {
    const { id: ann } = await createCustomer(t.db)
    await createAddress(t.db, ann, input({ street: '1 First St' }))
    const second = await createAddress(t.db, ann, input({ street: '2 Second St' }))
    expect(await setDefaultAddress(t.db, ann, second.id)).toBe(true)
    expect(await defaults(ann)).toEqual(['2 Second St'])
    // Again: still exactly one
    expect(await setDefaultAddress(t.db, ann, second.id)).toBe(true)
    expect(await defaults(ann)).toEqual(['2 Second St'])
  })

  test('concurrent default changes still leave exactly one default', async () => {
    const { id: ann } = await createCustomer(t.db)
    const rows = []
    for (let i = 1; i <= 5; i++)
      rows.push(await createAddress(t.db, ann, input({ street: `${i} St` })))
    await Promise.all(rows.map((row) => setDefaultAddress(t.db, ann, row.id)))
    expect(await defaults(ann)).toHaveLength(1)
  })

  test('updating saves the fields; the default stays until another is chosen', async () => {
    const { id: ann } = await createCustomer(t.db)
    const first = await createAddress(t.db, ann, input({ street: '1 First St' }))
    const second = await createAddress(t.db, ann, input({ street: '2 Second St' }))

    const edited = await updateAddress(
      t.db,
      ann,
      first.id,
      input({ street: '1 New St', apartment: 'Unit 4', phone: '208-555-0100', isDefault: false }),
    )
    expect(edited).toMatchObject({
      id: first.id,
      street: '1 New St',
      apartment: 'Unit 4',
      phone: '208-555-0100',
      is_default: true,
    })

    await updateAddress(t.db, ann, second.id, input({ street: '2 Second St', isDefault: true }))
    expect(await defaults(ann)).toEqual(['2 Second St'])
    expect(await getAddress(t.db, ann, first.id)).toMatchObject({ is_default: false })
  })

  test("another customer's address is not found, and nothing of it changes", async () => {
    const { id: ann } = await createCustomer(t.db)
    const { id: bob } = await createCustomer(t.db)
    const annsHome = await createAddress(t.db, ann, input({ street: '1 Ann St' }))
    const bobsHome = await createAddress(t.db, bob, input({ street: '9 Bob St' }))

    expect(await getAddress(t.db, bob, annsHome.id)).toBeNull()
    expect(await updateAddress(t.db, bob, annsHome.id, input({ street: 'Hijacked' }))).toBeNull()
    expect(await deleteAddress(t.db, bob, annsHome.id)).toBe(false)
    expect(await setDefaultAddress(t.db, bob, annsHome.id)).toBe(false)

    expect(await listAddresses(t.db, ann)).toEqual([annsHome])
    expect(await listAddresses(t.db, bob)).toEqual([bobsHome])
    expect(await getAddress(t.db, ann, 'no-such-id')).toBeNull()
  })

  test('deleting removes the address; deleting the default hands it to the newest left', async () => {
    const { id: ann } = await createCustomer(t.db)
    const first = await createAddress(t.db, ann, input({ street: '1 First St' }))
    const second = await createAddress(t.db, ann, input({ street: '2 Second St' }))
    await createAddress(t.db, ann, input({ street: '3 Third St' }))

    expect(await deleteAddress(t.db, ann, second.id)).toBe(true)
    expect(await defaults(ann)).toEqual(['1 First St'])
    expect(await deleteAddress(t.db, ann, second.id)).toBe(false)

    expect(await deleteAddress(t.db, ann, first.id)).toBe(true)
    expect(await defaults(ann)).toEqual(['3 Third St'])
    expect((await listAddresses(t.db, ann)).map((a) => a.street)).toEqual(['3 Third St'])
  })
})

describe('the address form', () => {
  const form = {
    firstName: ' Ann ',
    lastName: 'Lee',
    street: '12 Main St',
    apartment: '',
    city: 'Boise',
    state: 'ID',
    zipCode: '83702-1234',
    phone: '',
  }

  test('offers the states in settings: Idaho by default', async () => {
    expect(await listStatesOffered(t.db)).toEqual(['ID'])
  })

  test('a good form passes; blanks become null, the checkbox a boolean', async () => {
    const schema = addressSchema(await listStatesOffered(t.db))
    expect(checkForm(schema, form)).toEqual({
      ok: true,
      data: { ...form, firstName: 'Ann', apartment: null, phone: null, isDefault: false },
    })
    const ticked = checkForm(schema, { ...form, isDefault: 'on', phone: '+1 (208) 555-0100' })
    expect(ticked.ok && ticked.data.isDefault).toBe(true)
  })

  test('a state that is not offered is refused; more states once settings add them', async () => {
    const idahoOnly = addressSchema(await listStatesOffered(t.db))
    const oregon = checkForm(idahoOnly, { ...form, state: 'OR' })
    expect(oregon).toEqual({
      ok: false,
      fieldErrors: { state: 'We currently deliver only to Idaho.' },
    })

    await t.db.updateTable('settings').set({ states_offered: 'ID, or,WA' }).execute()
    try {
      const states = await listStatesOffered(t.db)
      expect(states).toEqual(['ID', 'OR', 'WA'])
      expect(checkForm(addressSchema(states), { ...form, state: 'OR' }).ok).toBe(true)
      expect(checkForm(addressSchema(states), { ...form, state: 'CA' })).toMatchObject({
        fieldErrors: { state: 'We currently deliver only to Idaho, Oregon or Washington.' },
      })
    } finally {
      await t.db.updateTable('settings').set({ states_offered: 'ID' }).execute()
    }
  })

  test('clear messages next to each field', () => {
    const result = checkForm(addressSchema(['ID']), {
      firstName: '',
      street: '   ',
      city: '',
      state: '',
      zipCode: '8370',
      phone: 'call me',
    })
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        street: 'Street address is required',
        city: 'City is required',
        state: 'State is required',
        zipCode: ZIP_CODE_INVALID,
        phone: 'Please enter a valid phone number',
      },
    })
    for (const zipCode of ['837021', 'ABCDE', '83702-12', '83702 1234']) {
      expect(checkForm(addressSchema(['ID']), { ...form, zipCode })).toMatchObject({
        fieldErrors: { zipCode: ZIP_CODE_INVALID },
      })
    }
  })
})
