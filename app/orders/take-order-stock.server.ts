import { freeStock, stockForSubscribers } from '~/catalog/free-stock.server'
import {
  type ForSale,
  lowerProductAggregate,
  stockLeft,
  takeStockRow,
} from '~/catalog/take-stock.server'
import type { DB } from '~/platform/db/db.server'
import { takeShareUnits } from '~/shares/pool.server'
import { lockStock } from '~/shares/stock-lock.server'
import { claimHoldForOrder } from '~/waiting-list/holds.server'
import { notifyWaitingGroup } from '~/waiting-list/restock.server'
import type { OrderLine } from './order-lines.server'
import type { SoldOutLine } from './place-order'

export type StockMode = 'shopper' | 'subscriber'

export type StockTaking = {
  stock: StockMode
  now: Date
  /** products whose rows the caller touches later although no line takes them */
  lockAlso?: readonly string[]
}

export type TakenStock = { ok: true; claimedHolds: string[] } | { ok: false; short: SoldOutLine[] }

/**
 * Takes every line's stock, each with one conditional UPDATE (catalog/take-stock.server.ts),
 * and answers the ids of the waiting-list holds its lines claimed. A line with a live hold takes
 * the held units first (held and stock both go down) and anything beyond them from the free
 * stock; held units the line no longer wants (its quantity was lowered) go back and on to the
 * next in line. Lines arrive sorted by product, then option: the lines' holds are claimed
 * first, then every stock row of their products is locked at once (lockStock), then taken.
 * Every line is tried, so the refusal can name every item that is short; the caller then
 * rolls the whole transaction back.
 */
export async function takeOrderStock(
  trx: DB,
  lines: readonly OrderLine[],
  { now, stock: mode, lockAlso = [] }: StockTaking,
): Promise<TakenStock> {
  const forSale = mode === 'subscriber' ? stockForSubscribers : freeStock
  // A hold row comes before its stock row (ADR 29): the holds first, then all the stock.
  const heldFor = new Map<OrderLine, number>()
  for (const line of lines) {
    if (line.shareUnits !== null || !line.holdId) continue
    heldFor.set(line, await claimHoldForOrder(trx, line.holdId, now))
  }
  await lockStock(trx, [...new Set(lines.map((line) => line.productId)), ...lockAlso])

  const short: SoldOutLine[] = []
  for (const productLines of byProduct(lines)) {
    let fromOptions = 0
    for (const line of productLines) {
      const held = heldFor.get(line) ?? 0
      if (!(await takeLine(trx, line, held, forSale))) {
        const available = await stockLeft(trx, line, forSale)
        short.push({ name: line.name, variantName: line.variantName, available })
      } else if (line.variantId && line.shareUnits === null) {
        fromOptions += line.quantity
      }
    }
    // The product's row after its options': the one lock order.
    const productId = productLines[0]?.productId
    if (productId && fromOptions > 0) await lowerProductAggregate(trx, productId, fromOptions)
  }
  if (short.length > 0) return { ok: false, short }

  // Their rows are already locked by this order: offering the units on keeps the lock order.
  for (const line of lines) {
    if ((heldFor.get(line) ?? 0) <= line.quantity) continue
    await notifyWaitingGroup(trx, { productId: line.productId, variantId: line.variantId }, now)
  }
  const claimedHolds = lines.flatMap((line) =>
    (heldFor.get(line) ?? 0) > 0 && line.holdId ? [line.holdId] : [],
  )
  return { ok: true, claimedHolds }
}

function byProduct(lines: readonly OrderLine[]): OrderLine[][] {
  const groups = new Map<string, OrderLine[]>()
  for (const line of lines)
    groups.set(line.productId, [...(groups.get(line.productId) ?? []), line])
  return [...groups.values()]
}

/** One line's units: a beef share's quarters from its animal's pool (ADR 31), else its row. */
function takeLine(trx: DB, line: OrderLine, held: number, forSale: ForSale): Promise<boolean> {
  if (line.shareUnits !== null) {
    return takeShareUnits(trx, line.productId, line.shareUnits * line.quantity)
  }
  return takeStockRow(trx, { ...line, held, forSale })
}
