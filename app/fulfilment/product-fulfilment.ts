import { WEEKDAY_NAMES } from '~/platform/farm-clock'

// How and when a shopper gets a product, in a few words for its page (issue 22 item 4):
// "Pickup Thu/Sat at the farm", "Local delivery Wed", "Not shipped". Built from the farm's real
// fulfilment setup (product-fulfilment.server.ts reads it); browser-safe and pure.

/** The farm's weekly pattern: active places and zones with their active windows' weekdays. */
export type FulfilmentSetup = {
  places: { name: string; weekdays: number[]; datedOnly: boolean }[]
  zones: { name: string; weekdays: number[]; datedOnly: boolean }[]
}

export type FulfilmentFactKind = 'pickup' | 'delivery' | 'shipping' | 'not-shipped'

export type FulfilmentFact = { kind: FulfilmentFactKind; text: string; detail: string | null }

/** 'Thu', 'Sat': the first three letters of the farm clock's weekday names. */
export function weekdayAbbreviation(weekday: number): string {
  return (WEEKDAY_NAMES[weekday] ?? '').slice(0, 3)
}

/** Weekdays as the farm's week reads them, Monday first: [6, 4, 4] -> 'Thu/Sat'. */
export function weekdaysText(weekdays: readonly number[]): string {
  const mondayFirst = (day: number) => (day + 6) % 7
  return [...new Set(weekdays)]
    .sort((a, b) => mondayFirst(a) - mondayFirst(b))
    .map(weekdayAbbreviation)
    .join('/')
}

function when(entry: { weekdays: number[]; datedOnly: boolean }): string {
  return entry.weekdays.length > 0 ? weekdaysText(entry.weekdays) : 'on set dates'
}

export const SHIPPING_DETAIL = 'Standard 5-7 business days, express 2-3'

/**
 * The facts for one product. A local-only product (frozen beef, eggs) is never shipped, so it
 * says so; any other also ships. The farm's own place reads "at the farm". Without any pickup
 * window, pickup is at the farm during its opening hours, as checkout offers it.
 */
export function productFulfilmentFacts(
  setup: FulfilmentSetup,
  { localOnly, farmName }: { localOnly: boolean; farmName: string },
): FulfilmentFact[] {
  const facts: FulfilmentFact[] = []
  const atPlace = (name: string) => (name === farmName ? 'at the farm' : `at ${name}`)
  if (setup.places.length === 0) {
    facts.push({ kind: 'pickup', text: 'Pickup at the farm during opening hours', detail: null })
  } else {
    const [first, ...others] = setup.places.map((place) => `${when(place)} ${atPlace(place.name)}`)
    facts.push({
      kind: 'pickup',
      text: `Pickup ${[first, ...others].join(', ')}`,
      detail: null,
    })
  }
  if (setup.zones.length > 0) {
    const days = weekdaysText(setup.zones.flatMap((zone) => zone.weekdays))
    facts.push({
      kind: 'delivery',
      text: days ? `Local delivery ${days}` : 'Local delivery on set dates',
      detail: setup.zones.map((zone) => zone.name).join(', '),
    })
  }
  facts.push(
    localOnly
      ? { kind: 'not-shipped', text: 'Not shipped', detail: 'Pickup or local delivery only' }
      : { kind: 'shipping', text: 'Ships', detail: SHIPPING_DETAIL },
  )
  return facts
}

/** The facts as one line: "Pickup Thu/Sat at the farm · Local delivery Wed · Not shipped". */
export function fulfilmentFactsLine(facts: readonly FulfilmentFact[]): string {
  return facts.map((fact) => fact.text).join(' · ')
}
