// "This week"'s data and the lists made from it, for the page, the printed pack list and the
// CSV files alike (this-week.server.ts loads it). The pick lists and the delivery run are
// worked out from the orders wherever they are shown, not sent beside them: in the page's data
// they repeated every order and item a second and third time.

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
  items: Array<{ name: string; quantity: number; unit: string | null }>
}

export type PickLine = { name: string; unit: string | null; quantity: number }

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

/** "2 × Ribeye Steak, lb" style totals: one line per product, option and unit, by name. */
export function pickListOf(orders: readonly PackOrder[]): PickLine[] {
  const totals = new Map<string, PickLine>()
  for (const order of orders) {
    for (const item of order.items) {
      const key = `${item.name}|${item.unit ?? ''}`
      const line = totals.get(key) ?? { name: item.name, unit: item.unit, quantity: 0 }
      line.quantity += item.quantity
      totals.set(key, line)
    }
  }
  return [...totals.values()].sort((a, b) => a.name.localeCompare(b.name))
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

/** What is still to collect at the handover: nothing once paid, or while a card holds it. */
export function dueAtHandover(order: { paymentStatus: string; totalCents: number }): number {
  return order.paymentStatus === 'paid' || order.paymentStatus === 'authorized'
    ? 0
    : order.totalCents
}

/**
 * What the handover collects: "To collect: $X", or for an order priced by weight (ADR 30)
 * "Collect $X" once every piece is weighed and the estimate, marked, until then.
 */
export function collectText(order: PackOrder): string {
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

/** "2 × Ribeye Steak, lb": a pick or pack line as the farm reads it. */
export function lineText(line: { name: string; quantity: number; unit: string | null }): string {
  return `${line.quantity} × ${line.name}${line.unit ? `, ${line.unit}` : ''}`
}

export function mapLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`
}
