import { describe, expect, test } from 'vitest'
import { freeShippingHint, promoAppliedMessage, promoMinimumMessage } from '~/cart/words'
import { currentPromoTerms, normalizePromoCode, type PromoCodeRow } from './promo'

describe('the specification’s words', () => {
  test('promo success shows one dollar sign and two decimals', () => {
    expect(promoAppliedMessage(420)).toBe('Promo code applied! You saved $4.20.')
    expect(promoAppliedMessage(12_345)).toBe('Promo code applied! You saved $123.45.')
  })

  test('free-shipping hint', () => {
    expect(freeShippingHint(2502)).toBe('Add $25.02 more to qualify for free shipping!')
  })

  test('minimum subtotal', () => {
    expect(promoMinimumMessage('BIG30', 3000)).toBe(
      'Promo code BIG30 needs a subtotal of $30.00 or more.',
    )
  })
})

describe('promo codes', () => {
  test('compared case-insensitively, ignoring surrounding spaces', () => {
    expect(normalizePromoCode(' farm10 ')).toBe('FARM10')
    expect(normalizePromoCode('Farm10')).toBe('FARM10')
  })

  const now = new Date('2026-06-15T12:00:00Z')
  const farm10: PromoCodeRow = {
    code: 'FARM10',
    discount_type: 'percent',
    discount_value: 10,
    min_subtotal_cents: 0,
    starts_at: null,
    ends_at: null,
    usage_limit: null,
    times_used: 0,
    is_active: true,
  }

  test('an active code without dates or limit gives its terms', () => {
    expect(currentPromoTerms(farm10, now)).toEqual({
      discountType: 'percent',
      discountValue: 10,
      minSubtotalCents: 0,
    })
  })

  test.each<[string, Partial<PromoCodeRow>, boolean]>([
    ['switched off', { is_active: false }, false],
    ['starts later', { starts_at: new Date('2026-06-16T00:00:00Z') }, false],
    ['started', { starts_at: new Date('2026-06-15T12:00:00Z') }, true],
    ['ended', { ends_at: new Date('2026-06-15T12:00:00Z') }, false],
    ['ends later', { ends_at: new Date('2026-06-15T12:00:01Z') }, true],
    ['used up', { usage_limit: 5, times_used: 5 }, false],
    ['uses left', { usage_limit: 5, times_used: 4 }, true],
    ['unknown type', { discount_type: 'bogo' }, false],
  ])('%s', (_label, change, usable) => {
    expect(currentPromoTerms({ ...farm10, ...change }, now) !== null).toBe(usable)
  })
})
