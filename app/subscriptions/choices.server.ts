import { listWeeklyWindowsWithOwners } from '~/fulfilment/weekly-windows.server'
import { zipInList } from '~/fulfilment/zip-codes'
import type { DB } from '~/platform/db/db.server'
import { swapChoice, windowLabel } from './manage'
import { type Frequency, isFrequency, parseFrequencies } from './terms'

// What a subscriber may choose instead (ADR 32): the items of the same price class a box item
// may be swapped for, and the weekly windows the box may move to. The detail page offers them
// and changeSubscription accepts nothing else, so both read them here.

/** One subscribable thing: a product without options, or one option of a product. */
export type Subscribable = {
  productId: string
  variantId: string | null
  name: string
  priceCents: number
  frequencies: Frequency[]
}

/** Everything a subscriber could have in a box now: on sale, subscribable, not archived. */
export async function loadSubscribables(db: DB): Promise<Subscribable[]> {
  const products = await db
    .selectFrom('products')
    .select(['id', 'name', 'price_cents', 'subscription_frequencies'])
    .where('subscription_frequencies', '!=', '')
    .where('is_available', '=', true)
    .where('archived_at', 'is', null)
    .orderBy('name')
    .execute()
  if (products.length === 0) return []
  const variants = await db
    .selectFrom('product_variants')
    .select(['id', 'product_id', 'name', 'price_cents', 'subscribable', 'is_available'])
    .where(
      'product_id',
      'in',
      products.map((product) => product.id),
    )
    .orderBy('price_cents')
    .orderBy('name')
    .execute()
  const result: Subscribable[] = []
  for (const product of products) {
    const frequencies = parseFrequencies(product.subscription_frequencies)
    const options = variants.filter((variant) => variant.product_id === product.id)
    // A product with options is bought as one of them, never as itself.
    if (options.length === 0) {
      result.push({
        productId: product.id,
        variantId: null,
        name: product.name,
        priceCents: product.price_cents,
        frequencies,
      })
      continue
    }
    for (const option of options) {
      if (!option.subscribable || !option.is_available) continue
      result.push({
        productId: product.id,
        variantId: option.id,
        name: `${product.name} (${option.name})`,
        priceCents: option.price_cents,
        frequencies,
      })
    }
  }
  return result
}

/**
 * What an item may be swapped for: the same unit price, offered at the subscription's
 * frequency, and not already in the box (a second line of one thing is a quantity change).
 */
export function swapOptionsFor(
  pool: readonly Subscribable[],
  subscription: {
    frequency: string
    items: ReadonlyArray<{ productId: string; variantId: string | null }>
  },
  priceCents: number,
): { value: string; label: string }[] {
  const frequency = subscription.frequency
  const inBox = new Set(
    subscription.items.map((item) => swapChoice(item.productId, item.variantId)),
  )
  return pool
    .filter(
      (candidate) =>
        candidate.priceCents === priceCents &&
        isFrequency(frequency) &&
        candidate.frequencies.includes(frequency) &&
        !inBox.has(swapChoice(candidate.productId, candidate.variantId)),
    )
    .map((candidate) => ({
      value: swapChoice(candidate.productId, candidate.variantId),
      label: candidate.name,
    }))
}

/** A weekly window a box may come in, with what its cut-off is computed from. */
export type WindowChoice = {
  id: string
  method: 'pickup' | 'delivery'
  label: string
  weekday: number
  startTime: string
  cutoffHours: number | null
  cutoffDaysBefore: number | null
  cutoffTime: string | null
}

/**
 * Every weekly pickup window of an open place, and every weekly delivery day of an open zone
 * whose ZIP codes take the subscription's delivery address (only when it has one). Never a
 * one-off date: a subscription comes back every week on the same day.
 */
export async function loadWindowChoices(
  db: DB,
  subscription: { street: string; zip_code: string },
): Promise<WindowChoice[]> {
  const rows = await listWeeklyWindowsWithOwners(db)
  const hasAddress = subscription.street.trim() !== '' && subscription.zip_code.trim() !== ''
  const choices: (WindowChoice & { order: number })[] = []
  for (const row of rows) {
    const weekday = row.weekday ?? 0
    const rule = {
      id: row.id,
      weekday,
      startTime: row.start_time,
      cutoffHours: row.cutoff_hours,
      cutoffDaysBefore: row.cutoff_days_before,
      cutoffTime: row.cutoff_time,
    }
    const times = { weekday, startTime: row.start_time, endTime: row.end_time }
    if (row.place_id && row.place_active && row.place_name) {
      choices.push({
        ...rule,
        method: 'pickup',
        label: windowLabel({ method: 'pickup', name: row.place_name, ...times }),
        order: row.place_order ?? 0,
      })
    } else if (
      row.zone_id &&
      row.zone_active &&
      row.zone_name &&
      hasAddress &&
      zipInList(subscription.zip_code, row.zip_codes ?? '')
    ) {
      choices.push({
        ...rule,
        method: 'delivery',
        label: windowLabel({ method: 'delivery', name: row.zone_name, ...times }),
        // Delivery days after every pickup place.
        order: 1_000_000 + (row.zone_order ?? 0),
      })
    }
  }
  return choices
    .sort(
      (a, b) =>
        a.order - b.order ||
        a.label.localeCompare(b.label) ||
        a.weekday - b.weekday ||
        a.startTime.localeCompare(b.startTime),
    )
    .map(({ order: _, ...choice }) => choice)
}
