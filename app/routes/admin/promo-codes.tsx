import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { listQuery, pageInfo } from '~/platform/admin/pagination'
import { AdminList, type Column, ListSearch } from '~/platform/admin/ui/list'
import { AdminPageHeader, EmptyState } from '~/platform/admin/ui/page'
import { Pagination } from '~/platform/admin/ui/pagination'
import { getDb } from '~/platform/db/db.server'
import { formatFarmDate } from '~/platform/farm-clock'
import { ButtonLink } from '~/platform/ui/button'
import { FormMessage } from '~/platform/ui/field'
import { TextLink } from '~/platform/ui/link'
import { formatCents } from '~/platform/ui/price'
import { discountText } from '~/promotions/admin/promo-code-form'
import { listPromoCodes } from '~/promotions/admin/promo-codes.server'
import type { Route } from './+types/promo-codes'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const { q, page } = listQuery(url)
  const { rows, total } = await listPromoCodes(getDb(), page, q)
  // After a delete the edit page sends the admin here with the code's name.
  const deleted = url.searchParams.get('deleted') ?? ''
  return {
    codes: rows,
    info: pageInfo(page, total),
    q,
    deleted: /^[A-Z0-9]{1,30}$/.test(deleted) ? deleted : null,
  }
}

function dates(startsAt: Date | null, endsAt: Date | null): string {
  const from = startsAt ? formatFarmDate(startsAt, 'medium') : null
  // ends_at is the first instant after the last day the code works.
  const to = endsAt ? formatFarmDate(new Date(endsAt.getTime() - 1), 'medium') : null
  if (from && to) return `${from} to ${to}`
  if (from) return `From ${from}`
  if (to) return `Until ${to}`
  return 'Always'
}

const COLUMNS: Column<Route.ComponentProps['loaderData']['codes'][number]>[] = [
  {
    header: 'Code',
    cell: (code) => <TextLink to={`/admin/promo-codes/${code.id}`}>{code.code}</TextLink>,
  },
  { header: 'Discount', cell: (code) => discountText(code.discount_type, code.discount_value) },
  {
    header: 'Minimum subtotal',
    cell: (code) => (code.min_subtotal_cents > 0 ? formatCents(code.min_subtotal_cents) : 'None'),
  },
  { header: 'Dates', cell: (code) => dates(code.starts_at, code.ends_at) },
  {
    header: 'Used',
    cell: (code) =>
      `${code.times_used}${code.usage_limit === null ? ' (no limit)' : ` of ${code.usage_limit}`}`,
  },
  { header: 'Status', cell: (code) => (code.is_active ? 'Active' : 'Switched off') },
]

export default function AdminPromoCodes({ loaderData }: Route.ComponentProps) {
  const { codes, info, q, deleted } = loaderData
  return (
    <>
      <AdminPageHeader
        title="Promo Codes"
        description="Codes shoppers type in the cart. A code that has been used is switched off rather than deleted."
        actions={<ButtonLink to="/admin/promo-codes/new">New Promo Code</ButtonLink>}
      />
      {deleted ? (
        <div className="mb-4">
          <FormMessage tone="success">Promo code {deleted} deleted.</FormMessage>
        </div>
      ) : null}
      <ListSearch label="Find a code" q={q} />
      {codes.length === 0 ? (
        <EmptyState>{q ? `No promo code contains "${q}".` : 'No promo codes yet.'}</EmptyState>
      ) : (
        <AdminList
          caption="Promo codes"
          rows={codes}
          rowKey={(code) => code.id}
          columns={COLUMNS}
        />
      )}
      <Pagination info={info} label="Promo codes" />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Promo Codes' })
