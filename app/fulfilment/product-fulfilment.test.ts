import { describe, expect, test } from 'vitest'
import {
  type FulfilmentSetup,
  fulfilmentFactsLine,
  productFulfilmentFacts,
  SHIPPING_DETAIL,
  weekdaysText,
} from './product-fulfilment'

const FARM = 'Sawtooth Meadows Farm'

// The demo farm: pickup Thu and Sat at the farm, Sat at the market, delivery on Wednesdays.
const demo: FulfilmentSetup = {
  places: [
    { name: FARM, weekdays: [6, 4], datedOnly: false },
    { name: 'Boise Farmers Market', weekdays: [6], datedOnly: false },
  ],
  zones: [{ name: 'Boise local delivery', weekdays: [3], datedOnly: false }],
}

describe('weekdays', () => {
  test('abbreviated, Monday first, each once', () => {
    expect(weekdaysText([6, 4, 4])).toBe('Thu/Sat')
    expect(weekdaysText([0, 1])).toBe('Mon/Sun')
    expect(weekdaysText([])).toBe('')
  })
})

describe('a product page’s fulfilment facts', () => {
  test('a local-only product: pickup days, delivery days, not shipped', () => {
    const facts = productFulfilmentFacts(demo, { localOnly: true, farmName: FARM })
    expect(fulfilmentFactsLine(facts)).toBe(
      'Pickup Thu/Sat at the farm, Sat at Boise Farmers Market · Local delivery Wed · Not shipped',
    )
    expect(facts.map((fact) => fact.kind)).toEqual(['pickup', 'delivery', 'not-shipped'])
    expect(facts[1]?.detail).toBe('Boise local delivery')
  })

  test('any other product also ships', () => {
    const facts = productFulfilmentFacts(demo, { localOnly: false, farmName: FARM })
    expect(facts.at(-1)).toEqual({ kind: 'shipping', text: 'Ships', detail: SHIPPING_DETAIL })
  })

  test('no delivery zone: no delivery fact', () => {
    const facts = productFulfilmentFacts(
      { ...demo, zones: [] },
      { localOnly: true, farmName: FARM },
    )
    expect(fulfilmentFactsLine(facts)).toBe(
      'Pickup Thu/Sat at the farm, Sat at Boise Farmers Market · Not shipped',
    )
  })

  test('no pickup windows: pickup at the farm during opening hours, as checkout offers it', () => {
    const facts = productFulfilmentFacts(
      { places: [], zones: [] },
      { localOnly: false, farmName: FARM },
    )
    expect(fulfilmentFactsLine(facts)).toBe('Pickup at the farm during opening hours · Ships')
  })

  test('places and zones with only dated windows say so', () => {
    const facts = productFulfilmentFacts(
      {
        places: [{ name: 'Harvest Fair', weekdays: [], datedOnly: true }],
        zones: [{ name: 'Valley', weekdays: [], datedOnly: true }],
      },
      { localOnly: false, farmName: FARM },
    )
    expect(fulfilmentFactsLine(facts)).toBe(
      'Pickup on set dates at Harvest Fair · Local delivery on set dates · Ships',
    )
  })
})
