import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { farmInstant } from '~/platform/farm-clock'
import { createCustomer } from '~/seed/factories.server'
import { createTestApp, TEST_BASE_URL } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { buyShare, createShareAnimal } from '../../tests/support/shares'
import { listAnimalShares, markBalanceCollected } from './admin/animal-shares.server'
import { enterHangingWeight, WEIGHT_LOCKED } from './admin/hanging-weight.server'
import { CutSheetSchema } from './cut-sheet'
import {
  choosePayAtPickup,
  getCustomerShare,
  getShareByToken,
  saveCutSheet,
} from './share-orders.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

const SHOP = { farmName: 'Test Farm', baseUrl: TEST_BASE_URL }
const sheet = CutSheetSchema.parse({
  steak_thickness: '1',
  steaks_per_pack: '2',
  roasts: 'roasts',
  ground_pack: '1',
  stew_meat: 'yes',
  soup_bones: 'yes',
  organs: 'no',
  notes: 'Thick burgers, please',
})

describe('the cut sheet', () => {
  test('editable through the cut-off day on the farm clock, refused after', async () => {
    const animal = await createShareAnimal(t.db, { cutoff: '2026-12-01' })
    const { customer, shareId } = await buyShare(t.db, animal)
    // 11:30 pm in Boise on the cut-off day is already December 2 in UTC.
    const lastMinute = farmInstant('2026-12-01', '23:30')
    const nextDay = farmInstant('2026-12-02', '00:01')
    expect(await saveCutSheet(t.db, shareId, customer.id, sheet, lastMinute)).toBe('saved')
    const changed = { ...sheet, steak_thickness: '1.25' as const }
    expect(await saveCutSheet(t.db, shareId, customer.id, changed, nextDay)).toBe('closed')
    const share = await getCustomerShare(t.db, shareId, customer.id, nextDay)
    expect(share).toMatchObject({ open: false, cutSheet: sheet })
    expect((await getCustomerShare(t.db, shareId, customer.id, lastMinute))?.open).toBe(true)
  })

  test("nobody else's share: not found, and nothing written", async () => {
    const animal = await createShareAnimal(t.db)
    const { shareId } = await buyShare(t.db, animal)
    const stranger = await createCustomer(t.db)
    expect(await saveCutSheet(t.db, shareId, stranger.id, sheet)).toBe('not-found')
    expect(await getCustomerShare(t.db, shareId, stranger.id)).toBeNull()
  })
})

describe('the hanging weight', () => {
  test('sets every live share’s balance, emails each holder once, and closes sales', async () => {
    const animal = await createShareAnimal(t.db, { pickup: '2099-12-15' })
    const quarter = await buyShare(t.db, animal, 'quarter')
    const half = await buyShare(t.db, animal, 'half')
    const before = await t.db.selectFrom('email_outbox').select('id').execute()
    const admin = await createCustomer(t.db, { is_admin: true })

    // 612.5 lb at $4.95/lb hanging, $125 per quarter, deposits $300 a quarter
    const result = await enterHangingWeight(t.db, admin.id, animal.animalId, 61250, SHOP)
    expect(result).toEqual({ ok: true, emailed: 2 })
    const shares = await listAnimalShares(t.db, animal.animalId)
    expect(shares.map((share) => [share.size, share.balance_cents, share.balance_status])).toEqual([
      ['Quarter', 75797 + 12500 - 30000, 'unpaid'],
      ['Half', 151594 + 25000 - 60000, 'unpaid'],
    ])
    const emails = await t.db
      .selectFrom('email_outbox')
      .select(['to_address', 'subject', 'text_body', 'template'])
      .where(
        'id',
        'not in',
        before.map((row) => row.id),
      )
      .where('template', '=', 'share-balance')
      .orderBy('subject')
      .execute()
    expect(emails).toHaveLength(2)
    const toQuarter = emails.find((email) => email.to_address === quarter.customer.email)
    expect(toQuarter?.subject).toBe(
      'Your Quarter share of Steer #14: balance $617.95, pickup Tuesday, December 15, 2099',
    )
    expect(toQuarter?.text_body).toContain(`${TEST_BASE_URL}/shares/balance/${quarter.token}`)
    expect(toQuarter?.text_body).toContain('153.13 lb at $4.95/lb hanging weight: $757.97')
    expect(toQuarter?.text_body).toContain('Balance before tax: $582.97\nSales tax: $34.98')
    // The tax is stored with the balance, so every page and report reads the same amount.
    const billed = await t.db
      .selectFrom('share_orders')
      .select(['balance_cents', 'balance_tax_cents'])
      .where('id', '=', quarter.shareId)
      .executeTakeFirstOrThrow()
    expect(billed).toEqual({ balance_cents: 58297, balance_tax_cents: 3498 })
    expect(emails.some((email) => email.to_address === half.customer.email)).toBe(true)

    // Sales close: nothing more is offered from this animal.
    const options = await t.db
      .selectFrom('product_variants')
      .select('stock_quantity')
      .where('product_id', '=', animal.product.id)
      .execute()
    expect(options.every((option) => option.stock_quantity === 0)).toBe(true)
  })

  test('pay at pickup is recorded once; a correction keeps it and recomputes', async () => {
    const animal = await createShareAnimal(t.db)
    const bought = await buyShare(t.db, animal)
    expect(await choosePayAtPickup(t.db, bought.token)).toBe(false) // nothing owed yet
    await enterHangingWeight(t.db, null, animal.animalId, 60000, SHOP)
    expect(await choosePayAtPickup(t.db, bought.token)).toBe(true)
    expect(await choosePayAtPickup(t.db, bought.token)).toBe(false)
    await enterHangingWeight(t.db, null, animal.animalId, 64000, SHOP)
    const view = await getShareByToken(t.db, bought.token)
    // 160 lb x $4.95 = $792 + $125 - $300
    expect(view).toMatchObject({ status: 'pay_at_pickup', balanceCents: 79200 + 12500 - 30000 })
  })

  test('the admin marks a balance collected at pickup, once, and only when it is owed', async () => {
    const animal = await createShareAnimal(t.db)
    const bought = await buyShare(t.db, animal)
    expect(await markBalanceCollected(t.db, null, animal.animalId, bought.shareId)).toBe(false)
    await enterHangingWeight(t.db, null, animal.animalId, 60000, SHOP)
    expect(await choosePayAtPickup(t.db, bought.token)).toBe(true)
    const other = await createShareAnimal(t.db)
    expect(await markBalanceCollected(t.db, null, other.animalId, bought.shareId)).toBe(false)
    expect(await markBalanceCollected(t.db, null, animal.animalId, bought.shareId)).toBe(true)
    expect(await markBalanceCollected(t.db, null, animal.animalId, bought.shareId)).toBe(false)
    expect((await getShareByToken(t.db, bought.token))?.status).toBe('paid')
    // Money taken in person fixes the weight as a card payment does.
    const locked = await enterHangingWeight(t.db, null, animal.animalId, 61000, SHOP)
    expect(locked).toMatchObject({ ok: false, message: WEIGHT_LOCKED })
  })

  test('a weight cannot change once a balance was paid by card', async () => {
    const animal = await createShareAnimal(t.db)
    const bought = await buyShare(t.db, animal)
    await enterHangingWeight(t.db, null, animal.animalId, 60000, SHOP)
    await t.db
      .updateTable('share_orders')
      .set({ balance_status: 'paid', balance_reference: 'cs_test_paid' })
      .where('id', '=', bought.shareId)
      .execute()
    expect(await enterHangingWeight(t.db, null, animal.animalId, 61000, SHOP)).toEqual({
      ok: false,
      status: 400,
      message: WEIGHT_LOCKED,
    })
  })
})
