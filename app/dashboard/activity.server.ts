import { formatOrderNumber } from '~/orders/place-order'
import {
  containsPattern,
  type PageInfo,
  type PageRequest,
  pageInfo,
} from '~/platform/admin/pagination'
import type { DB } from '~/platform/db/db.server'

// The audit log as the Activity page shows it (issue 6 item 12): newest first, filtered by
// what changed, who changed it and the action's name, each row with a readable before/after.
// Four queries a page: the count, the page (names of the actor and of the changed order,
// product or customer come in by joins), and the two filter menus.

/** The shell (npm run admin) writes rows with no actor; the filter names it with this value. */
export const OPERATOR = 'operator'

export type ActivityFilter = {
  /** audit_log.entity_type, or '' for everything */
  entityType: string
  /** a customer id, OPERATOR, or '' for anyone */
  actor: string
  /** text the action contains ('' for any) */
  action: string
}

/** One field: before is null for a thing just created, after is null for one removed. */
export type DetailLine = { field: string; before: string | null; after: string | null }

export type ActivityRow = {
  id: string
  created_at: Date
  actor: { id: string; name: string; email: string } | null
  action: string
  entityType: string
  entityId: string | null
  entityLabel: string | null
  /** Where the changed thing is seen in the admin; null when it has no page */
  entityHref: string | null
  /** Changed fields, or the details as text for rows that are not {before, after} JSON */
  details: { kind: 'changes'; lines: DetailLine[] } | { kind: 'text'; text: string } | null
}

export async function listActivity(
  db: DB,
  { filter, page }: { filter: ActivityFilter; page: PageRequest },
): Promise<{
  rows: ActivityRow[]
  info: PageInfo
  entityTypes: string[]
  actors: { id: string; label: string }[]
}> {
  const filtered = db
    .selectFrom('audit_log')
    .$if(filter.entityType !== '', (q) => q.where('audit_log.entity_type', '=', filter.entityType))
    .$if(filter.actor === OPERATOR, (q) => q.where('audit_log.actor_id', 'is', null))
    .$if(filter.actor !== '' && filter.actor !== OPERATOR, (q) =>
      q.where('audit_log.actor_id', '=', filter.actor),
    )
    .$if(filter.action !== '', (q) =>
      q.where((eb) =>
        eb(eb.fn('lower', [eb.ref('audit_log.action')]), 'like', containsPattern(filter.action)),
      ),
    )
  const [{ total }, rows, entityTypes, actors] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    filtered
      .leftJoin('customers as actor', 'actor.id', 'audit_log.actor_id')
      .leftJoin('orders', (join) =>
        join
          .onRef('orders.id', '=', 'audit_log.entity_id')
          .on('audit_log.entity_type', '=', 'order'),
      )
      .leftJoin('products', (join) =>
        join
          .onRef('products.id', '=', 'audit_log.entity_id')
          .on('audit_log.entity_type', '=', 'product'),
      )
      .leftJoin('customers as subject', (join) =>
        join
          .onRef('subject.id', '=', 'audit_log.entity_id')
          .on('audit_log.entity_type', '=', 'customer'),
      )
      .select([
        'audit_log.id',
        'audit_log.created_at',
        'audit_log.actor_id',
        'actor.name as actor_name',
        'actor.email as actor_email',
        'audit_log.action',
        'audit_log.entity_type',
        'audit_log.entity_id',
        'audit_log.details',
        'orders.order_number',
        'products.name as product_name',
        'subject.email as customer_email',
      ])
      .orderBy('audit_log.created_at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('audit_log')
      .select('entity_type')
      .distinct()
      .orderBy('entity_type')
      .limit(100)
      .execute(),
    // The admins and everyone who ever changed something, looked up by id: as "is_admin or id
    // in (...)" PostgreSQL read every customer to test the OR.
    db
      .selectFrom('customers')
      .select(['id', 'name', 'email'])
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('customers as admin')
          .select('admin.id')
          .where('admin.is_admin', '=', true)
          .union(
            eb
              .selectFrom('audit_log')
              .select('audit_log.actor_id as id')
              .where('audit_log.actor_id', 'is not', null)
              .$narrowType<{ id: string }>(),
          ),
      )
      .orderBy('name')
      .orderBy('email')
      .limit(200)
      .execute(),
  ])
  return {
    rows: rows.map((row) => {
      const link = entityLink(row.entity_type, row.entity_id)
      return {
        id: row.id,
        created_at: row.created_at,
        actor: row.actor_id
          ? {
              id: row.actor_id,
              name: row.actor_name ?? '',
              email: row.actor_email ?? '(account removed)',
            }
          : null,
        action: row.action,
        entityType: row.entity_type,
        entityId: row.entity_id,
        entityLabel:
          row.order_number !== null
            ? formatOrderNumber(row.order_number)
            : (row.product_name ?? row.customer_email ?? null),
        entityHref: link,
        details: readableDetails(row.details),
      }
    }),
    info: pageInfo(page, Number(total)),
    entityTypes: entityTypes.map((row) => row.entity_type),
    actors: actors.map((actor) => ({
      id: actor.id,
      label: actor.name ? `${actor.name} (${actor.email})` : actor.email,
    })),
  }
}

const ENTITY_PAGES: Record<string, string> = {
  order: '/admin/orders/',
  product: '/admin/products/',
  customer: '/admin/customers/',
  message: '/admin/messages/',
  promo_code: '/admin/promo-codes/',
  animal: '/admin/shares/',
}

export function entityLink(entityType: string, entityId: string | null): string | null {
  if (!entityId) return null
  if (entityType === 'email') return `/admin/emails?open=${encodeURIComponent(entityId)}`
  const base = ENTITY_PAGES[entityType]
  return base ? `${base}${encodeURIComponent(entityId)}` : null
}

const MAX_VALUE_LENGTH = 200

function show(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}...` : text
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * `details` as lines a person reads: for {before, after} JSON, each field that changed (or
 * was set on a new thing, or held by a removed one) with its old and new value. Anything else
 * (rows written before the JSON shape, or by hand) is shown as its text.
 */
export function readableDetails(details: string | null): ActivityRow['details'] {
  if (details === null || details.trim() === '') return null
  let parsed: unknown
  try {
    parsed = JSON.parse(details)
  } catch {
    return { kind: 'text', text: details }
  }
  if (!isRecord(parsed) || !('before' in parsed || 'after' in parsed)) {
    return { kind: 'text', text: details }
  }
  const before = isRecord(parsed.before) ? parsed.before : null
  const after = isRecord(parsed.after) ? parsed.after : null
  if ((parsed.before != null && !before) || (parsed.after != null && !after)) {
    return { kind: 'text', text: details }
  }
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  const lines: DetailLine[] = []
  for (const field of fields) {
    // null stands for "no before" (created) or "no after" (removed); an empty value reads so.
    const was = before ? (show(before[field]) ?? '(empty)') : null
    const now = after ? (show(after[field]) ?? '(empty)') : null
    // Unchanged fields (kept for context, like an email beside is_admin) are left out, unless
    // the whole thing was created or removed.
    if (before && after && was === now) continue
    lines.push({ field, before: was, after: now })
  }
  return { kind: 'changes', lines }
}
