import type { Updateable } from 'kysely'
import { cutoffOf } from '~/fulfilment/windows'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { addDays, farmDayOf, weekdayOf } from '~/platform/farm-clock'
import { loadSubscribables, loadWindowChoices, swapOptionsFor } from './choices.server'
import {
  addMonths,
  changesClosedMessage,
  DONE_MESSAGES,
  ITEM_NOT_FOUND,
  MAX_PAUSE_MONTHS,
  NOTHING_TO_UNDO,
  parseSwapChoice,
  pauseTooLate,
  pauseTooSoon,
  SAME_WINDOW,
  SUBSCRIPTION_CANCELLED,
  SUBSCRIPTION_CHANGED,
  SUBSCRIPTION_NOT_FOUND,
  SUBSCRIPTION_NOT_PAUSED,
  SUBSCRIPTION_PAUSED,
  SUBSCRIPTION_PENDING,
  type SubscriptionChange,
  SWAP_NOT_OFFERED,
  WINDOW_NOT_OFFERED,
} from './manage'
import { syncReservations } from './reservations.server'
import { firstDateOnOrAfter, followingDate } from './schedule'
import { isFrequency } from './terms'

// A customer's own changes to a subscription (ADR 32). Each one affects the next box not yet
// made, so each is refused once that box's cut-off has passed: by then the scheduler makes (or
// has made) its order. Every change runs in one transaction with the recount of the products'
// reservations, and writes with `where next_date = <as read>` so a change that crosses the
// scheduler's claim of the box changes nothing and says so.

export type ChangeResult =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 403 | 404 | 409; message: string; field?: string }

/** A change as the form posts it; `box` (the next box the page showed) may be left out. */
export type ChangeInput = SubscriptionChange extends infer C
  ? C extends { box: string }
    ? Omit<C, 'box'> & { box?: string }
    : never
  : never

class Refusal extends Error {
  constructor(readonly result: Extract<ChangeResult, { ok: false }>) {
    super(result.message)
  }
}

const refuse = (
  status: 400 | 403 | 404 | 409,
  message: string,
  field?: string,
): Extract<ChangeResult, { ok: false }> => ({ ok: false, status, message, field })

type Loaded = NonNullable<Awaited<ReturnType<typeof loadSubscription>>>

async function loadSubscription(db: DB, customerId: string, subscriptionId: string) {
  const subscription = await db
    .selectFrom('subscriptions')
    .innerJoin('fulfilment_windows', 'fulfilment_windows.id', 'subscriptions.window_id')
    .select([
      'subscriptions.id',
      'subscriptions.status',
      'subscriptions.frequency',
      'subscriptions.window_id',
      'subscriptions.next_date',
      'subscriptions.street',
      'subscriptions.zip_code',
      'fulfilment_windows.weekday',
      'fulfilment_windows.start_time',
      'fulfilment_windows.cutoff_hours',
      'fulfilment_windows.cutoff_days_before',
      'fulfilment_windows.cutoff_time',
    ])
    .where('subscriptions.id', '=', subscriptionId)
    .where('subscriptions.customer_id', '=', customerId)
    .executeTakeFirst()
  if (!subscription) return undefined
  const items = await db
    .selectFrom('subscription_items')
    .leftJoin('products', 'products.id', 'subscription_items.product_id')
    .leftJoin('product_variants', 'product_variants.id', 'subscription_items.product_variant_id')
    .select([
      'subscription_items.id',
      'subscription_items.product_id',
      'subscription_items.product_variant_id',
      'products.price_cents as product_price',
      'product_variants.price_cents as variant_price',
    ])
    .where('subscription_items.subscription_id', '=', subscriptionId)
    .execute()
  return {
    ...subscription,
    rule: {
      startTime: subscription.start_time,
      cutoffHours: subscription.cutoff_hours,
      cutoffDaysBefore: subscription.cutoff_days_before,
      cutoffTime: subscription.cutoff_time,
    },
    items: items.map((item) => ({
      id: item.id,
      productId: item.product_id,
      variantId: item.product_variant_id,
      priceCents: item.product_variant_id ? (item.variant_price ?? 0) : (item.product_price ?? 0),
    })),
  }
}

/**
 * The first date on `weekday`, on or after `from`, whose cut-off (by `rule`) is still ahead of
 * `now`: the soonest box a customer can still change.
 */
export function firstOpenDate(
  rule: Parameters<typeof cutoffOf>[0],
  weekday: number,
  from: string,
  now: Date,
): string {
  const today = farmDayOf(now)
  let day = firstDateOnOrAfter(from > today ? from : today, weekday)
  while (cutoffOf(rule, day).getTime() <= now.getTime()) day = addDays(day, 7)
  return day
}

/** Applies one customer change to their subscription, or says why not. */
export async function changeSubscription(
  db: DB,
  {
    customerId,
    subscriptionId,
    change,
    now,
  }: { customerId: string; subscriptionId: string; change: ChangeInput; now: Date },
): Promise<ChangeResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const subscription = await loadSubscription(trx, customerId, subscriptionId)
      // Someone else's subscription is not found, exactly like one that does not exist.
      if (!subscription) return refuse(404, SUBSCRIPTION_NOT_FOUND)
      if (subscription.status === 'cancelled') return refuse(409, SUBSCRIPTION_CANCELLED)
      const closed = closedFor(subscription, change, now)
      if (closed) return closed
      return await apply(trx, subscription, change, now)
    })
  } catch (error) {
    if (error instanceof Refusal) return error.result
    throw error
  }
}

/** Why the box this change affects can no longer be changed, or null when it still can. */
function closedFor(subscription: Loaded, change: ChangeInput, now: Date): ChangeResult | null {
  const nextDate = subscription.next_date
  if (change.box && change.box !== nextDate) {
    // The page showed another box: the scheduler made it (its cut-off passed), or a change
    // from another tab moved it.
    const cutoff = cutoffOf(subscription.rule, change.box)
    return cutoff.getTime() <= now.getTime()
      ? refuse(409, changesClosedMessage(change.box, cutoff))
      : refuse(409, SUBSCRIPTION_CHANGED)
  }
  // Undo is about the skipped box, and Resume picks a box whose cut-off is ahead.
  if (change.intent === 'undo-skip' || change.intent === 'resume') return null
  const cutoff = cutoffOf(subscription.rule, nextDate)
  return cutoff.getTime() <= now.getTime()
    ? refuse(409, changesClosedMessage(nextDate, cutoff))
    : null
}

async function apply(
  trx: DB,
  subscription: Loaded,
  change: ChangeInput,
  now: Date,
): Promise<ChangeResult> {
  const productIds = subscription.items.map((item) => item.productId)
  const recount = (extra: string[] = []) =>
    syncReservations(trx, now, [...new Set([...productIds, ...extra])])
  /** Updates the subscription only as it was read; anything else raced with us. */
  const update = async (values: Updateable<Database['subscriptions']>) => {
    const result = await trx
      .updateTable('subscriptions')
      .set({ ...values, updated_at: now })
      .where('id', '=', subscription.id)
      .where('status', '=', subscription.status)
      .where('next_date', '=', subscription.next_date)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) !== 1) throw new Refusal(refuse(409, SUBSCRIPTION_CHANGED))
  }
  const frequency = isFrequency(subscription.frequency) ? subscription.frequency : 'weekly'
  const nextDate = subscription.next_date

  switch (change.intent) {
    case 'skip': {
      if (subscription.status === 'paused') return refuse(409, SUBSCRIPTION_PAUSED)
      const following = followingDate(frequency, nextDate)
      await update({ next_date: following })
      await trx
        .insertInto('subscription_cycles')
        .values({
          id: crypto.randomUUID(),
          subscription_id: subscription.id,
          date: nextDate,
          status: 'skipped',
          created_at: now,
          updated_at: now,
        })
        .execute()
      await recount()
      return { ok: true, message: DONE_MESSAGES.skip(following) }
    }
    case 'undo-skip': {
      if (subscription.status === 'paused') return refuse(409, SUBSCRIPTION_PAUSED)
      const skipped = await trx
        .selectFrom('subscription_cycles')
        .select(['id', 'date'])
        .where('subscription_id', '=', subscription.id)
        .where('status', '=', 'skipped')
        .orderBy('date', 'desc')
        .limit(1)
        .executeTakeFirst()
      // Only the skip that moved the next box here can be undone.
      if (!skipped || followingDate(frequency, skipped.date) !== nextDate) {
        return refuse(409, NOTHING_TO_UNDO)
      }
      const cutoff = cutoffOf(subscription.rule, skipped.date)
      if (cutoff.getTime() <= now.getTime()) {
        return refuse(409, changesClosedMessage(skipped.date, cutoff))
      }
      await update({ next_date: skipped.date })
      await trx.deleteFrom('subscription_cycles').where('id', '=', skipped.id).execute()
      await recount()
      return { ok: true, message: DONE_MESSAGES['undo-skip'](skipped.date) }
    }
    case 'pause': {
      if (subscription.status === 'paused') return refuse(409, SUBSCRIPTION_PAUSED)
      if (subscription.status === 'pending') return refuse(409, SUBSCRIPTION_PENDING)
      if (change.until <= nextDate) return refuse(400, pauseTooSoon(nextDate), 'until')
      const last = addMonths(farmDayOf(now), MAX_PAUSE_MONTHS)
      if (change.until > last) return refuse(400, pauseTooLate(last), 'until')
      await update({ status: 'paused', paused_until: change.until })
      await recount()
      return { ok: true, message: DONE_MESSAGES.pause(change.until) }
    }
    case 'resume': {
      if (subscription.status !== 'paused') return refuse(409, SUBSCRIPTION_NOT_PAUSED)
      const weekday = subscription.weekday ?? weekdayOf(nextDate)
      const resumed = firstOpenDate(subscription.rule, weekday, nextDate, now)
      await update({ status: 'active', paused_until: null, next_date: resumed })
      await recount()
      return { ok: true, message: DONE_MESSAGES.resume(resumed) }
    }
    case 'quantity': {
      const item = subscription.items.find((candidate) => candidate.id === change.itemId)
      if (!item) return refuse(404, ITEM_NOT_FOUND, 'itemId')
      await update({})
      await trx
        .updateTable('subscription_items')
        .set({ quantity: change.quantity })
        .where('id', '=', item.id)
        .execute()
      await recount()
      return { ok: true, message: DONE_MESSAGES.quantity() }
    }
    case 'swap': {
      const item = subscription.items.find((candidate) => candidate.id === change.itemId)
      if (!item) return refuse(404, ITEM_NOT_FOUND, 'itemId')
      const offered = swapOptionsFor(
        await loadSubscribables(trx),
        { frequency, items: subscription.items },
        item.priceCents,
      )
      if (!offered.some((option) => option.value === change.choice)) {
        return refuse(400, SWAP_NOT_OFFERED, 'choice')
      }
      const swapped = parseSwapChoice(change.choice)
      await update({})
      await trx
        .updateTable('subscription_items')
        .set({ product_id: swapped.productId, product_variant_id: swapped.variantId })
        .where('id', '=', item.id)
        .execute()
      await recount([swapped.productId])
      return { ok: true, message: DONE_MESSAGES.swap() }
    }
    case 'window': {
      if (change.windowId === subscription.window_id) return refuse(400, SAME_WINDOW, 'windowId')
      const choices = await loadWindowChoices(trx, subscription)
      const chosen = choices.find((choice) => choice.id === change.windowId)
      if (!chosen) return refuse(400, WINDOW_NOT_OFFERED, 'windowId')
      const moved = firstOpenDate(chosen, chosen.weekday, farmDayOf(now), now)
      await update({ window_id: chosen.id, shipping_method: chosen.method, next_date: moved })
      await recount()
      return { ok: true, message: DONE_MESSAGES.window(moved) }
    }
    case 'cancel': {
      await update({ status: 'cancelled', cancelled_at: now })
      await recount()
      return { ok: true, message: DONE_MESSAGES.cancel() }
    }
  }
}
