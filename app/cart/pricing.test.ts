import { describe, expect, test } from 'vitest'
import type { PricingPromo } from '~/promotions/promo'
import { REFERENCE_SETTINGS } from '../../tests/setup/reference-settings'
import { type PricingLine, priceCart } from './pricing'

const settings = REFERENCE_SETTINGS
const FARM10: PricingPromo = { discountType: 'percent', discountValue: 10, minSubtotalCents: 0 }

const price = (
  lines: PricingLine[],
  options: { promo?: PricingPromo | null; method?: 'standard' | 'express' | 'pickup' } = {},
) =>
  priceCart({
    lines,
    promo: options.promo ?? null,
    shippingMethod: options.method ?? 'standard',
    settings,
  })

describe('priceCart', () => {
  test('a small cart: subtotal, standard shipping, 6 % tax, total', () => {
    const totals = price([
      { unitPriceCents: 899, quantity: 2 },
      { unitPriceCents: 700, quantity: 1 },
    ])
    expect(totals).toEqual({
      lineTotalsCents: [1798, 700],
      subtotalCents: 2498,
      discountCents: 0,
      promoApplies: false,
      shippingMethod: 'standard',
      shippingCents: 599,
      freeShippingRemainingCents: 2502,
      taxRateBasisPoints: 600,
      // 6 % of 24.98 = 1.4988
      taxCents: 150,
      totalCents: 2498 + 599 + 150,
      estimated: false,
      maximumLineTotalsCents: [1798, 700],
      maximumTotalCents: 2498 + 599 + 150,
    })
  })

  test('an empty cart costs nothing and ships nothing', () => {
    expect(price([], { promo: FARM10 })).toMatchObject({
      subtotalCents: 0,
      discountCents: 0,
      promoApplies: false,
      shippingCents: 0,
      freeShippingRemainingCents: 0,
      taxCents: 0,
      totalCents: 0,
    })
  })

  describe('free standard shipping at the threshold', () => {
    test('one cent under 50 pays 5.99 and is told how much more is needed', () => {
      const totals = price([{ unitPriceCents: 4999, quantity: 1 }])
      expect(totals.shippingCents).toBe(599)
      expect(totals.freeShippingRemainingCents).toBe(1)
    })

    test('exactly 50 ships free', () => {
      const totals = price([{ unitPriceCents: 2500, quantity: 2 }])
      expect(totals.shippingCents).toBe(0)
      expect(totals.freeShippingRemainingCents).toBe(0)
    })

    test('the threshold looks at the subtotal before the discount', () => {
      const totals = price([{ unitPriceCents: 5000, quantity: 1 }], { promo: FARM10 })
      expect(totals.discountCents).toBe(500)
      expect(totals.shippingCents).toBe(0)
      expect(totals.freeShippingRemainingCents).toBe(0)
    })

    test('express always costs 12.99 and pickup nothing, with no free-shipping hint', () => {
      const big = [{ unitPriceCents: 9000, quantity: 1 }]
      const small = [{ unitPriceCents: 1000, quantity: 1 }]
      expect(price(big, { method: 'express' }).shippingCents).toBe(1299)
      expect(price(small, { method: 'express' })).toMatchObject({
        shippingCents: 1299,
        freeShippingRemainingCents: 0,
      })
      expect(price(small, { method: 'pickup' })).toMatchObject({
        shippingCents: 0,
        freeShippingRemainingCents: 0,
      })
    })
  })

  describe('discounts', () => {
    test('FARM10: 10 % of the subtotal, rounded half up', () => {
      // 10 % of 44.95 = 4.495 -> 4.50
      expect(price([{ unitPriceCents: 4495, quantity: 1 }], { promo: FARM10 }).discountCents).toBe(
        450,
      )
      // 10 % of 44.94 = 4.494 -> 4.49
      expect(price([{ unitPriceCents: 4494, quantity: 1 }], { promo: FARM10 }).discountCents).toBe(
        449,
      )
    })

    test('tax is charged on the subtotal minus the discount, shipping untaxed', () => {
      const totals = price([{ unitPriceCents: 4200, quantity: 1 }], { promo: FARM10 })
      expect(totals).toMatchObject({
        subtotalCents: 4200,
        discountCents: 420,
        shippingCents: 599,
        // 6 % of 37.80 = 2.268
        taxCents: 227,
        totalCents: 4200 - 420 + 599 + 227,
      })
    })

    test('tax rounds half up once, on the whole base, not per line', () => {
      // Three lines of 0.25: per-line tax would round 1.5 cents three times.
      const totals = price([
        { unitPriceCents: 25, quantity: 1 },
        { unitPriceCents: 25, quantity: 1 },
        { unitPriceCents: 25, quantity: 1 },
      ])
      // 6 % of 0.75 = 4.5 cents -> 5
      expect(totals.taxCents).toBe(5)
    })

    test('a fixed discount never exceeds the subtotal', () => {
      const fixed: PricingPromo = {
        discountType: 'fixed',
        discountValue: 2000,
        minSubtotalCents: 0,
      }
      const totals = price([{ unitPriceCents: 1500, quantity: 1 }], { promo: fixed })
      expect(totals).toMatchObject({
        discountCents: 1500,
        taxCents: 0,
        shippingCents: 599,
        totalCents: 599,
      })
    })

    test('a percentage over 100 is held at 100', () => {
      const all: PricingPromo = { discountType: 'percent', discountValue: 150, minSubtotalCents: 0 }
      expect(price([{ unitPriceCents: 1234, quantity: 1 }], { promo: all }).discountCents).toBe(
        1234,
      )
    })

    test("under the code's minimum subtotal nothing is taken off, and it says so", () => {
      const min: PricingPromo = {
        discountType: 'fixed',
        discountValue: 500,
        minSubtotalCents: 3000,
      }
      expect(price([{ unitPriceCents: 2999, quantity: 1 }], { promo: min })).toMatchObject({
        discountCents: 0,
        promoApplies: false,
      })
      expect(price([{ unitPriceCents: 3000, quantity: 1 }], { promo: min })).toMatchObject({
        discountCents: 500,
        promoApplies: true,
      })
    })
  })

  test('the total is always subtotal - discount + shipping + tax', () => {
    for (let cents = 1; cents < 12_000; cents += 37) {
      for (const promo of [null, FARM10]) {
        for (const method of ['standard', 'express', 'pickup'] as const) {
          const t = price([{ unitPriceCents: cents, quantity: 3 }], { promo, method })
          expect(t.totalCents).toBe(
            t.subtotalCents - t.discountCents + t.shippingCents + t.taxCents,
          )
          expect(t.discountCents).toBeLessThanOrEqual(t.subtotalCents)
          expect(Number.isInteger(t.taxCents)).toBe(true)
        }
      }
    }
  })

  test('another tax rate from settings is used as given', () => {
    const totals = priceCart({
      lines: [{ unitPriceCents: 1000, quantity: 1 }],
      promo: null,
      shippingMethod: 'pickup',
      settings: { ...settings, taxRateBasisPoints: 825 },
    })
    expect(totals.taxCents).toBe(83)
    expect(totals.taxRateBasisPoints).toBe(825)
  })

  test('refuses amounts that are not whole cents and quantities under 1', () => {
    expect(() => price([{ unitPriceCents: 9.99, quantity: 1 }])).toThrow(RangeError)
    expect(() => price([{ unitPriceCents: 999, quantity: 0 }])).toThrow(RangeError)
    expect(() => price([{ unitPriceCents: -1, quantity: 1 }])).toThrow(RangeError)
    expect(() =>
      priceCart({
        lines: [],
        promo: null,
        shippingMethod: 'standard',
        settings: { ...settings, taxRateBasisPoints: 10_001 },
      }),
    ).toThrow(RangeError)
  })
})

describe('priceCart: priced by weight (ADR 30)', () => {
  const ribeye = { unitPriceCents: 1899, quantity: 2, averageWeightCentiLb: 110 }
  const jam = { unitPriceCents: 1100, quantity: 1 }

  test('a by-weight line is priced at its estimate and has a maximum with the tolerance', () => {
    const t = price([ribeye, jam], { method: 'pickup' })
    // 2 x est. $20.89; at most 4178 x 1.15 = 4804.7 -> 4805
    expect(t.lineTotalsCents).toEqual([4178, 1100])
    expect(t.maximumLineTotalsCents).toEqual([4805, 1100])
    expect(t.estimated).toBe(true)
    expect(t.subtotalCents).toBe(5278)
    expect(t.totalCents).toBe(5278 + 317)
    // (4805 + 1100) + 6 % tax (354.3 -> 354)
    expect(t.maximumTotalCents).toBe(5905 + 354)
  })

  test('nothing by weight: the maximum is the total, nothing is estimated', () => {
    const t = price([jam])
    expect(t.estimated).toBe(false)
    expect(t.maximumTotalCents).toBe(t.totalCents)
    expect(t.maximumLineTotalsCents).toEqual(t.lineTotalsCents)
  })

  test('weighed pieces are priced exactly, each rounded once', () => {
    const t = price([{ ...ribeye, weightsCentiLb: [104, 121] }, jam], { method: 'pickup' })
    // 18.99 x 1.04 = 19.7496 -> 1975; 18.99 x 1.21 = 22.9779 -> 2298
    expect(t.lineTotalsCents).toEqual([1975 + 2298, 1100])
    expect(t.estimated).toBe(false)
    expect(t.maximumTotalCents).toBe(t.totalCents)
    expect(() => price([{ ...ribeye, weightsCentiLb: [104] }])).toThrow(RangeError)
  })

  test('the maximum keeps the estimate’s shipping, and a promo never makes it lower than a heavier order', () => {
    // Standard shipping is charged on the estimate ($41.78 < $50); the maximum ($48.05) keeps
    // it, as re-pricing on the weights does with settledShippingCents.
    const standard = price([ribeye], { promo: FARM10 })
    expect(standard.shippingCents).toBe(599)
    const taxable = 4805 - 481
    expect(standard.maximumTotalCents).toBe(taxable + 599 + Math.round(taxable * 0.06))
    for (let weight = 80; weight <= 126; weight += 1) {
      const weighed = priceCart({
        lines: [{ ...ribeye, weightsCentiLb: [weight, weight] }],
        promo: { ...FARM10, minSubtotalCents: 0 },
        shippingMethod: 'standard',
        settings,
        settledShippingCents: standard.shippingCents,
      })
      expect(weighed.totalCents).toBeLessThanOrEqual(standard.maximumTotalCents)
    }
  })

  test('the tolerance comes from settings', () => {
    const t = priceCart({
      lines: [ribeye],
      promo: null,
      shippingMethod: 'pickup',
      settings: { ...settings, taxRateBasisPoints: 0, weightTolerancePercent: 0 },
    })
    expect(t.maximumTotalCents).toBe(t.totalCents)
  })
})
