// "This week"'s data and the lists made from it, for the page, the printed pack list and the
// CSV files alike (this-week.server.ts loads it). The pick lists and the delivery run are
// worked out from the orders wherever they are shown, not sent beside them: in the page's data
// they repeated every order and item a second and third time.

import { type LineTerms, namedLineText, pieceWeightsText } from '~/catalog/line-wording'
import { formatPounds } from '~/catalog/weight'
import type { WeighingView } from '~/orders/weights'
import { formatCents } from '~/platform/ui/price'
import type { BeefShareGroup } from './beef-shares'

export type DayCount = { day: string; label: string; orders: number }

export type PackOrder = {
  id: string
  number: string
  status: string
  statusLabel: string
  shippingMethod: string
  paymentMethod: string
  paymentStatus: string
  name: string
  phone: string
  /** still to collect at the handover; 0 when paid (or a card holds it) */
  dueCents: number
  /** by weight (ADR 30): the pieces to weigh; null when nothing is sold by weight */
  weighing: WeighingView | null
  packed: boolean
  address: string | null
  zip: string
  notes: string | null
  items: PackItem[]
}

export type PackItem = {
  /** "Bone-In Ribeye Steak", "Pasture-Raised Eggs (Dozen)" */
  name: string
  quantity: number
  unit: string | null
  /** the line's words and amounts (catalog/line-wording) */
  terms: LineTerms
  /** by weight: each piece's weight as entered (null: not yet); null for a fixed price */
  weights: Array<number | null> | null
}

/**
 * One thing to pick: a fixed-price item in its unit ("dozen"), a by-weight one in pieces with
 * the weight expected of them (the pieces' averages, or their weights once entered).
 */
export type PickLine = {
  name: string
  unit: string | null
  quantity: number
  /** by weight: hundredths of a lb expected in all; null for a fixed price */
  centiLb: number | null
  /** by weight: some piece is not weighed, so the weight is "about" */
  estimated: boolean
}

export type FulfilmentGroup = {
  /** "pickup|Sawtooth Meadows Farm|15:00|18:00" */
  key: string
  kind: 'pickup' | 'delivery'
  /** "Pickup at Sawtooth Meadows Farm, 3-6 pm" / "Delivery: Boise local delivery, 4-8 pm" */
  title: string
  orders: PackOrder[]
}

export type ThisWeek = {
  day: string
  dayLabel: string
  days: DayCount[]
  groups: FulfilmentGroup[]
  /** shares collected this day, their animal's pickup date: not in any pick or pack list */
  beefShares: BeefShareGroup[]
  /** open orders with no day: parcels to ship, and pickups from before windows existed */
  undated: Array<{ id: string; number: string; statusLabel: string; name: string }>
}

/** What a by-weight item is picked by. */
export const PIECE = 'piece'

/** The day's totals to pick: one line per product, option and unit, by name. */
export function pickListOf(orders: readonly PackOrder[]): PickLine[] {
  const totals = new Map<string, PickLine>()
  for (const order of orders) {
    for (const item of order.items) {
      const average = item.terms.averageWeightCentiLb
      const unit = average === null ? item.unit : PIECE
      const key = `${item.name}|${unit ?? ''}|${average === null ? '' : 'weight'}`
      const line = totals.get(key) ?? {
        name: item.name,
        unit,
        quantity: 0,
        centiLb: average === null ? null : 0,
        estimated: false,
      }
      line.quantity += item.quantity
      if (average !== null && line.centiLb !== null) {
        const pieces = item.weights ?? []
        for (let piece = 0; piece < item.quantity; piece += 1) {
          const weighed = pieces[piece] ?? null
          line.centiLb += weighed ?? average
          if (weighed === null) line.estimated = true
        }
      }
      totals.set(key, line)
    }
  }
  return [...totals.values()].sort((a, b) => a.name.localeCompare(b.name))
}

/** "about 2.5 lb" expected of a pick line's pieces, "2.49 lb" once all are weighed; else "". */
export function pickWeightText(line: PickLine): string {
  if (line.centiLb === null) return ''
  return `${line.estimated ? 'about ' : ''}${formatPounds(line.centiLb)} lb`
}

/** Every order of the day, group by group. */
export function ordersOf(week: ThisWeek): PackOrder[] {
  return week.groups.flatMap((group) => group.orders)
}

/** The local delivery stops in ZIP order, then street. */
export function deliveryRunOf(week: ThisWeek): PackOrder[] {
  return ordersOf(week)
    .filter((order) => order.shippingMethod === 'delivery')
    .sort((a, b) => a.zip.localeCompare(b.zip) || (a.address ?? '').localeCompare(b.address ?? ''))
}

/**
 * What the handover collects: "To collect: $X", or for an order priced by weight (ADR 30)
 * "Collect $X" once every piece is weighed and the estimate, marked, until then.
 */
export function collectText(
  order: Pick<PackOrder, 'dueCents' | 'paymentMethod' | 'paymentStatus'> & {
    weighing: { weighed: boolean } | null
  },
): string {
  if (order.dueCents === 0) {
    if (order.paymentStatus !== 'authorized') return 'Paid'
    return order.paymentMethod === 'paypal'
      ? 'PayPal: charged when weighed'
      : 'Card: charged when weighed'
  }
  const amount = formatCents(order.dueCents)
  if (!order.weighing) return `To collect: ${amount}`
  return order.weighing.weighed
    ? `Collect ${amount}`
    : `Collect about ${amount} (estimate: weigh to get the exact amount)`
}

/** How many units an order holds. */
export function unitCount(order: PackOrder): number {
  return order.items.reduce((sum, item) => sum + item.quantity, 0)
}

/**
 * A pack line as the farm reads it: "Pasture-Raised Eggs (Dozen): 2 × $7.00 / dozen",
 * "Bone-In Ribeye Steak: 2 pieces, about 1.25 lb each, $28.99/lb, est. $72.48".
 */
export function packLineText(item: PackItem): string {
  return namedLineText(item.name, item.terms)
}

/** The weights entered for a by-weight pack line: "Weighed: 1.24 lb, 1.25 lb"; else null. */
export function packWeightsText(item: Pick<PackItem, 'weights'>): string | null {
  const weights = pieceWeightsText(item.weights)
  return weights ? `Weighed: ${weights}` : null
}

export function mapLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`
}
