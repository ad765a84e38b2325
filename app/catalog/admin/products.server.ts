import type { ExpressionBuilder } from 'kysely'
import { type PageInfo, type PageRequest, pageInfo } from '~/platform/admin/pagination'
import { recordAdminChange } from '~/platform/audit.server'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { notifyRestocked } from '~/waiting-list/restock.server'
import { productMatches } from '../product-search.server'
import { LOW_STOCK_THRESHOLD } from '../stock'
import { heldAbove } from './held-stock.server'

// The admin's products list (issue 6 item 4): its filters, one page of products, the
// categories, and the list's quick stock change. Creating and editing a product is in
// product-save.server.ts, reading one in product-record.server.ts.

export type StockFilter = 'low' | 'out'
export type ProductListFilters = {
  q: string
  category: string | null
  stock: StockFilter | null
  archived: boolean
}

/** ?q=, ?category=, ?stock=low|out, ?status=archived; anything else is ignored. */
export function productListFilters(url: URL): ProductListFilters {
  const stock = url.searchParams.get('stock')
  const category = (url.searchParams.get('category') ?? '').trim().slice(0, 100)
  return {
    q: (url.searchParams.get('q') ?? '').trim().slice(0, 100),
    category: category || null,
    stock: stock === 'low' || stock === 'out' ? stock : null,
    archived: url.searchParams.get('status') === 'archived',
  }
}

export type AdminProductRow = {
  id: string
  name: string
  category: string
  price_cents: number
  unit: string
  stock_quantity: number
  is_available: boolean
  archived_at: Date | null
  variant_count: number
}

/**
 * One page of products: a COUNT and a page query, plus the category list for the filter.
 * Low stock is what the shop calls low (1 to LOW_STOCK_THRESHOLD - 1 left), out is 0.
 */
export async function listAdminProducts(
  db: DB,
  filters: ProductListFilters,
  page: PageRequest,
): Promise<{ rows: AdminProductRow[]; info: PageInfo; categories: string[] }> {
  let base = db
    .selectFrom('products')
    .where('archived_at', filters.archived ? 'is not' : 'is', null)
  // The shop's own full-text search (ADR 21): name, category and description, by word.
  const search = productMatches(db, filters.q)
  if (search) base = base.where(search)
  if (filters.category) base = base.where('category', '=', filters.category)
  if (filters.stock === 'out') base = base.where('stock_quantity', '<=', 0)
  if (filters.stock === 'low') {
    base = base.where('stock_quantity', '>=', 1).where('stock_quantity', '<', LOW_STOCK_THRESHOLD)
  }
  const [count, rows, categories] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
    base
      .select((eb) => [
        'id',
        'name',
        'category',
        'price_cents',
        'unit',
        'stock_quantity',
        'is_available',
        'archived_at',
        variantCount(eb).as('variant_count'),
      ])
      .orderBy('name')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    listCategories(db),
  ])
  return {
    rows: rows.map((row) => ({ ...row, variant_count: Number(row.variant_count ?? 0) })),
    info: pageInfo(page, Number(count?.total ?? 0)),
    categories,
  }
}

function variantCount(eb: ExpressionBuilder<Database, 'products'>) {
  return eb
    .selectFrom('product_variants')
    .select((sub) => sub.fn.countAll<number>().as('n'))
    .whereRef('product_variants.product_id', '=', 'products.id')
}

/** Every category in use, alphabetically: the product form's choices and the list's filter. */
export async function listCategories(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom('products')
    .select('category')
    .distinct()
    .orderBy('category')
    .execute()
  return rows.map((row) => row.category)
}

export type StockChangeResult =
  | { status: 'saved'; name: string; notified: number }
  | { status: 'unchanged'; name: string }
  | { status: 'held'; name: string; held: number }
  | { status: 'not-found' | 'has-options' }

/**
 * The list's quick stock change for a product without options: the number on the shelf now.
 * Coming back from 0 emails the waiting list (D14). A product with options is changed per
 * option on its edit page.
 */
export async function setProductStock(
  db: DB,
  actorId: string,
  productId: string,
  stock: number,
): Promise<StockChangeResult> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('products')
      .select((eb) => ['name', 'stock_quantity', variantCount(eb).as('variant_count')])
      .where('id', '=', productId)
      .executeTakeFirst()
    if (!before) return { status: 'not-found' } as const
    if (Number(before.variant_count ?? 0) > 0) return { status: 'has-options' } as const
    if (before.stock_quantity === stock) return { status: 'unchanged', name: before.name } as const
    // The units held for the waiting list stay covered; checked by the write itself, so a
    // hold made a moment ago counts too.
    const written = await trx
      .updateTable('products')
      .set({ stock_quantity: stock, updated_at: new Date() })
      .where('id', '=', productId)
      .where('held_quantity', '<=', stock)
      .executeTakeFirst()
    if (written.numUpdatedRows === 0n) {
      const held = (await heldAbove(trx, 'products', productId, stock)) ?? 0
      return { status: 'held', name: before.name, held } as const
    }
    await recordAdminChange(trx, {
      actorId,
      action: 'product.stock',
      entityType: 'product',
      entityId: productId,
      before: { name: before.name, stock_quantity: before.stock_quantity },
      after: { name: before.name, stock_quantity: stock },
    })
    const notified = await notifyRestocked(trx, [productId])
    return { status: 'saved', name: before.name, notified } as const
  })
}
