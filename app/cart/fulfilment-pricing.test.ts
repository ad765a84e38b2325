import { describe, expect, test } from 'vitest'
import type { DeliveryZoneTerms } from '~/fulfilment/methods'
import type { PricingPromo } from '~/promotions/promo'
import { REFERENCE_SETTINGS } from '../../tests/setup/reference-settings'
import type { CartLine } from './cart'
import {
  canShip,
  cartFigures,
  type FulfilmentPricingInput,
  type FulfilmentPricingLine,
  priceMethods,
  summaryPrice,
} from './fulfilment-pricing'
import { priceCart } from './pricing'

const settings = REFERENCE_SETTINGS
// The demo's Boise zone: $7.00, free from $75, at least $30.
const boise: DeliveryZoneTerms = { feeCents: 700, freeOverCents: 7500, minimumCents: 3000 }
const FARM10: PricingPromo = { discountType: 'percent', discountValue: 10, minSubtotalCents: 0 }

const jam = (quantity = 1): FulfilmentPricingLine => ({
  unitPriceCents: 1100,
  quantity,
  localOnly: false,
  subscriptionFrequency: null,
  share: false,
})
const eggs = (quantity = 1, unitPriceCents = 400): FulfilmentPricingLine => ({
  unitPriceCents,
  quantity,
  localOnly: true,
  subscriptionFrequency: null,
  share: false,
})
// A quarter of the demo's Steer #14: $300.00 deposit, picked up on the animal's date.
const share = (): FulfilmentPricingLine => ({
  unitPriceCents: 30000,
  quantity: 1,
  localOnly: false,
  subscriptionFrequency: null,
  share: true,
})

function input(
  lines: FulfilmentPricingLine[],
  options: Partial<Omit<FulfilmentPricingInput, 'lines'>> = {},
): FulfilmentPricingInput {
  return { lines, promo: null, settings, zones: [boise], ...options }
}

describe('canShip', () => {
  test.each([
    ['an empty cart', [], true],
    ['shippable lines', [jam(), jam(2)], true],
    ['one pickup-or-delivery-only line', [jam(), eggs()], false],
    ['a subscription box', [{ ...jam(), subscriptionFrequency: 'weekly' }], false],
    ['a beef share', [share()], false],
  ])('%s: %s', (_name, lines, expected) => {
    expect(canShip(lines)).toBe(expected)
  })
})

describe('summaryPrice (D21)', () => {
  test('a cart that can ship is priced with standard shipping, hint and all', () => {
    const price = summaryPrice(input([jam(2)]))
    expect(price).toMatchObject({ method: 'standard', from: false })
    expect(price.totals).toMatchObject({
      subtotalCents: 2200,
      shippingCents: 599,
      freeShippingRemainingCents: 2800,
      taxCents: 132,
      totalCents: 2931,
    })
  })

  test('shipping is free from the threshold, and stays the basis though pickup is free too', () => {
    const price = summaryPrice(input([jam(5)]))
    expect(price.method).toBe('standard')
    expect(price.totals).toMatchObject({ shippingCents: 0, freeShippingRemainingCents: 0 })
  })

  test('half a dozen eggs: pickup, free, and the total checkout charges for pickup ($4.24)', () => {
    const price = summaryPrice(input([eggs()]))
    expect(price).toMatchObject({ method: 'pickup', from: false })
    expect(price.totals).toMatchObject({
      shippingMethod: 'pickup',
      shippingCents: 0,
      freeShippingRemainingCents: 0,
      totalCents: 424,
    })
    expect(price.totals).toEqual(
      priceCart({ lines: [eggs()], promo: null, settings, shippingMethod: 'pickup' }),
    )
  })

  test('one local-only line is enough to take shipping away', () => {
    expect(summaryPrice(input([jam(), eggs()])).method).toBe('pickup')
  })

  test("a subscription's first box is picked up or delivered, never shipped", () => {
    const box = { ...jam(), subscriptionFrequency: 'weekly' }
    expect(summaryPrice(input([box])).method).toBe('pickup')
  })

  test('a beef share is priced for pickup, its fee and all, though delivery costs less', () => {
    const free: DeliveryZoneTerms = { feeCents: 0, freeOverCents: null, minimumCents: 0 }
    const pickupFee = { ...settings, pickupShippingCents: 500 }
    for (const lines of [[share()], [share(), jam()]]) {
      const price = summaryPrice(input(lines, { settings: pickupFee, zones: [free, boise] }))
      expect(price).toMatchObject({ method: 'pickup', from: false })
      expect(price.totals).toMatchObject({ shippingCents: 500, freeShippingRemainingCents: 0 })
    }
  })

  test('a beef share: the total checkout charges for its pickup', () => {
    const cart = input([share()], { settings: { ...settings, pickupShippingCents: 500 } })
    const pickup = priceMethods({ ...cart, zones: [] }).find((p) => p.method === 'pickup')
    expect(summaryPrice(cart).totals).toEqual(pickup?.totals)
    expect(summaryPrice(cart).totals.totalCents).toBe(30000 + 500 + 1800)
  })

  test('a pickup fee is charged when pickup is still the cheapest way', () => {
    const price = summaryPrice(
      input([eggs(10)], { settings: { ...settings, pickupShippingCents: 300 } }),
    )
    expect(price).toMatchObject({ method: 'pickup', from: false })
    expect(price.totals.shippingCents).toBe(300)
  })

  test('local delivery, "from" its fee, when it costs less than pickup', () => {
    const price = summaryPrice(
      input([eggs(10)], { settings: { ...settings, pickupShippingCents: 800 } }),
    )
    expect(price).toMatchObject({ method: 'delivery', from: true })
    expect(price.totals).toMatchObject({ shippingCents: 700, freeShippingRemainingCents: 3500 })
  })

  test('a zone whose minimum the cart does not reach is no way to have it', () => {
    const price = summaryPrice(
      input([eggs(7)], { settings: { ...settings, pickupShippingCents: 800 } }),
    )
    expect(price.method).toBe('pickup')
    expect(price.totals.shippingCents).toBe(800)
  })

  test('the minimum is on the subtotal before the discount, as checkout checks it', () => {
    const price = summaryPrice(
      input([eggs(1, 3000)], {
        promo: FARM10,
        settings: { ...settings, pickupShippingCents: 800 },
      }),
    )
    expect(price.method).toBe('delivery')
    expect(price.totals.discountCents).toBe(300)
  })

  test('free delivery over the zone threshold beats a pickup fee', () => {
    const price = summaryPrice(
      input([eggs(20)], { settings: { ...settings, pickupShippingCents: 300 } }),
    )
    expect(price).toMatchObject({ method: 'delivery', from: true })
    expect(price.totals.shippingCents).toBe(0)
  })

  test('of several zones, the one that costs this cart least (free over its threshold)', () => {
    const flat: DeliveryZoneTerms = { feeCents: 500, freeOverCents: null, minimumCents: 0 }
    const generous: DeliveryZoneTerms = { feeCents: 900, freeOverCents: 5000, minimumCents: 0 }
    const pricey = { ...settings, pickupShippingCents: 1000 }
    const small = summaryPrice(input([eggs(10)], { settings: pricey, zones: [generous, flat] }))
    expect(small.totals.shippingCents).toBe(500)
    const large = summaryPrice(input([eggs(15)], { settings: pricey, zones: [flat, generous] }))
    expect(large.totals.shippingCents).toBe(0)
  })

  test('pickup wins a tie: it needs no address', () => {
    const price = summaryPrice(
      input([eggs(10)], { settings: { ...settings, pickupShippingCents: 700 } }),
    )
    expect(price.method).toBe('pickup')
  })

  test('no zones: pickup, whatever it costs', () => {
    const price = summaryPrice(
      input([eggs()], { zones: [], settings: { ...settings, pickupShippingCents: 500 } }),
    )
    expect(price).toMatchObject({ method: 'pickup', from: false })
    expect(price.totals.shippingCents).toBe(500)
  })

  test('an empty cart costs nothing', () => {
    expect(summaryPrice(input([])).totals).toMatchObject({ shippingCents: 0, totalCents: 0 })
  })

  test('every figure is the one priceCart gives for the chosen method', () => {
    const cases: FulfilmentPricingInput[] = [
      input([jam(3)], { promo: FARM10 }),
      input([eggs(4), jam()], { promo: FARM10 }),
      input([eggs(9)], { settings: { ...settings, pickupShippingCents: 900 } }),
      input([{ ...eggs(2, 2899), averageWeightCentiLb: 125 }]),
    ]
    for (const cart of cases) {
      const { method, totals } = summaryPrice(cart)
      const delivery = method === 'delivery' ? boise : null
      expect(totals).toEqual(priceCart({ ...cart, shippingMethod: method, delivery }))
    }
  })
})

describe('priceMethods (D22: what each choice costs this cart)', () => {
  const fees = (prices: ReturnType<typeof priceMethods>) =>
    Object.fromEntries(prices.map((p) => [p.method, [p.totals.shippingCents, p.from]]))

  test('below every threshold: the list prices, delivery "from" its zone', () => {
    expect(fees(priceMethods(input([jam(2)])))).toEqual({
      pickup: [0, false],
      delivery: [700, true],
      standard: [599, false],
      express: [1299, false],
    })
  })

  test('over the thresholds: standard and local delivery say free', () => {
    expect(fees(priceMethods(input([jam(8)])))).toEqual({
      pickup: [0, false],
      delivery: [0, true],
      standard: [0, false],
      express: [1299, false],
    })
  })

  test('the address\'s zone, once known, prices local delivery: no longer "from"', () => {
    const far: DeliveryZoneTerms = { feeCents: 1200, freeOverCents: null, minimumCents: 0 }
    const prices = priceMethods(input([jam(8)], { zones: [boise, far] }), far)
    expect(fees(prices).delivery).toEqual([1200, false])
  })

  test('the farm delivers nowhere: no local delivery to price', () => {
    expect(priceMethods(input([jam()], { zones: [] })).map((p) => p.method)).toEqual([
      'pickup',
      'standard',
      'express',
    ])
  })

  test("the summary's choice is priced the same among the choices", () => {
    const cart = input([eggs(20)], { settings: { ...settings, pickupShippingCents: 300 } })
    const chosen = summaryPrice(cart)
    const same = priceMethods(cart).find((p) => p.method === chosen.method)
    expect(same?.totals).toEqual(chosen.totals)
  })
})

describe('cartFigures', () => {
  const line = (overrides: Partial<CartLine>): CartLine => ({
    id: 'line',
    productId: 'product',
    variantId: null,
    name: 'Pasture-Raised Eggs',
    variantName: null,
    imageUrl: null,
    unit: 'each',
    unitPriceCents: 400,
    regularPriceCents: 400,
    quantity: 1,
    stock: 10,
    available: true,
    averageWeightCentiLb: null,
    subscriptionFrequency: null,
    offeredFrequencies: [],
    subscribable: true,
    localOnly: false,
    share: false,
    ...overrides,
  })
  const cart = (lines: CartLine[]) => ({ lines, promo: null, settings, zones: [boise] })

  test('a cart of eggs: priced for pickup, chosen at checkout', () => {
    expect(cartFigures(cart([line({ localOnly: true })]))).toMatchObject({
      canShip: false,
      feeFrom: false,
      totals: { shippingMethod: 'pickup', totalCents: 424 },
    })
  })

  test('a line no longer on sale neither counts nor keeps the cart from shipping', () => {
    const figures = cartFigures(
      cart([line({ id: 'gone', localOnly: true, available: false }), line({ id: 'jam' })]),
    )
    expect(figures).toMatchObject({ canShip: true, totals: { shippingMethod: 'standard' } })
    expect(figures.totals.subtotalCents).toBe(400)
  })

  test('beef shares: alone, with other items (refused at checkout), or a share no longer on sale', () => {
    const quarter = line({ id: 'quarter', name: 'Reserve a Beef Share', share: true })
    expect(cartFigures(cart([line({ id: 'jam' })]))).toMatchObject({ shareCart: 'none' })
    expect(cartFigures(cart([quarter]))).toMatchObject({
      shareCart: 'shares',
      canShip: false,
      feeFrom: false,
      totals: { shippingMethod: 'pickup' },
    })
    expect(cartFigures(cart([quarter, line({ id: 'jam' })]))).toMatchObject({
      shareCart: 'mixed',
      canShip: false,
    })
    const gone = { ...quarter, available: false }
    expect(cartFigures(cart([gone, line({ id: 'jam' })]))).toMatchObject({
      shareCart: 'none',
      canShip: true,
    })
  })
})
