import { describe, expect, test } from 'vitest'
import {
  formatPounds,
  parsePounds,
  shareBalanceCents,
  shareBill,
  shareCostCents,
  shareMeatCents,
  shareWeightLb,
} from './balance'

const quarter = {
  hangingWeightCentiLb: 61250, // 612.5 lb
  shareUnits: 1,
  unitsTotal: 4,
  pricePerLbHangingCents: 495,
  processingFeeCents: 12500,
  depositCents: 30000,
}

describe('a share balance', () => {
  test('a quarter: its quarter of the weight at the price, the fee, less the deposit', () => {
    // 153.125 lb x $4.95 = $757.96875 -> $757.97
    expect(shareMeatCents(quarter)).toBe(75797)
    expect(shareCostCents(quarter)).toBe(75797 + 12500)
    expect(shareBalanceCents(quarter)).toBe(75797 + 12500 - 30000)
  })

  test('a half and a whole pay the fee per quarter, and their part of the weight', () => {
    const half = { ...quarter, shareUnits: 2, depositCents: 60000 }
    // 306.25 lb x $4.95 = $1,515.9375 -> $1,515.94
    expect(shareMeatCents(half)).toBe(151594)
    expect(shareBalanceCents(half)).toBe(151594 + 25000 - 60000)
    const whole = { ...quarter, shareUnits: 4, depositCents: 120000 }
    expect(shareMeatCents(whole)).toBe(303188) // 612.5 x 4.95 = 3031.875 -> 3031.88
    expect(shareBalanceCents(whole)).toBe(303188 + 50000 - 120000)
  })

  test('rounds once, half a cent up, never in steps', () => {
    // 100.02 lb / 4 x $1.00 = $25.005 -> $25.01 (half up)
    expect(
      shareMeatCents({ ...quarter, hangingWeightCentiLb: 10002, pricePerLbHangingCents: 100 }),
    ).toBe(2501)
    // 100.01 lb / 4 x $1.00 = $25.0025 -> $25.00
    expect(
      shareMeatCents({ ...quarter, hangingWeightCentiLb: 10001, pricePerLbHangingCents: 100 }),
    ).toBe(2500)
  })

  test('a deposit above the cost leaves nothing to pay, not a negative balance', () => {
    expect(shareBalanceCents({ ...quarter, hangingWeightCentiLb: 100, depositCents: 999999 })).toBe(
      0,
    )
  })

  test('the balance is taxed once, when billed, at the rate, half a cent up', () => {
    // $582.97 balance x 6 % = $34.9782 -> $34.98; owed $617.95
    expect(shareBill(quarter, 600)).toEqual({
      meatCents: 75797,
      processingFeeCents: 12500,
      depositCents: 30000,
      balanceCents: 58297,
      taxCents: 3498,
      dueCents: 61795,
    })
    // No tax rate, no tax; nothing owed, no tax on it.
    expect(shareBill(quarter, 0).dueCents).toBe(58297)
    expect(
      shareBill({ ...quarter, hangingWeightCentiLb: 100, depositCents: 999999 }, 600),
    ).toMatchObject({ balanceCents: 0, taxCents: 0, dueCents: 0 })
  })

  test('deposit tax + balance tax is the tax on the whole share, within a cent', () => {
    for (const weight of [41230, 61250, 70001, 55555]) {
      const terms = { ...quarter, hangingWeightCentiLb: weight }
      const whole = shareCostCents(terms)
      const parts = Math.round((terms.depositCents * 600) / 10_000) + shareBill(terms, 600).taxCents
      expect(Math.abs(parts - Math.round((whole * 600) / 10_000))).toBeLessThanOrEqual(1)
    }
  })

  test("the share's weight, and pounds typed and shown", () => {
    expect(shareWeightLb(quarter)).toBe(153.13)
    expect(parsePounds('612.5')).toBe(61250)
    expect(parsePounds('612.55 lb')).toBe(61255)
    expect(parsePounds('1,012')).toBe(101200)
    expect(parsePounds('612.555')).toBeNull()
    expect(parsePounds('-3')).toBeNull()
    expect(parsePounds('heavy')).toBeNull()
    expect(formatPounds(61250)).toBe('612.5 lb')
  })
})
