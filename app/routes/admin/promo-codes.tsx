import { Form, Link } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { pageInfo, pageRequest, searchTerm } from '~/platform/admin/pagination'
import { AdminPageHeader, AdminTable, EmptyState } from '~/platform/admin/ui/page'
import { Pagination } from '~/platform/admin/ui/pagination'
import { getDb } from '~/platform/db/db.server'
import { formatFarmDate } from '~/platform/farm-clock'
import { Button, ButtonLink } from '~/platform/ui/button'
import { FormMessage } from '~/platform/ui/field'
import { formatCents } from '~/platform/ui/price'
import { discountText } from '~/promotions/admin/promo-code-form'
import { listPromoCodes } from '~/promotions/admin/promo-codes.server'
import type { Route } from './+types/promo-codes'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const page = pageRequest(url)
  const q = searchTerm(url)
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
      <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="promo-search" className="block text-sm font-semibold text-ink">
            Find a code
          </label>
          <input
            id="promo-search"
            name="q"
            type="search"
            defaultValue={q}
            className="mt-1 rounded-md border border-stone-500 bg-white px-3 py-2"
          />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      {codes.length === 0 ? (
        <EmptyState>{q ? `No promo code contains "${q}".` : 'No promo codes yet.'}</EmptyState>
      ) : (
        <AdminTable caption="Promo codes">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Discount</th>
              <th scope="col">Minimum subtotal</th>
              <th scope="col">Dates</th>
              <th scope="col">Used</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {codes.map((code) => (
              <tr key={code.id}>
                <td>
                  <Link
                    to={`/admin/promo-codes/${code.id}`}
                    className="font-semibold text-pasture-800 underline"
                  >
                    {code.code}
                  </Link>
                </td>
                <td>{discountText(code.discount_type, code.discount_value)}</td>
                <td>
                  {code.min_subtotal_cents > 0 ? formatCents(code.min_subtotal_cents) : 'None'}
                </td>
                <td>{dates(code.starts_at, code.ends_at)}</td>
                <td>
                  {code.times_used}
                  {code.usage_limit === null ? ' (no limit)' : ` of ${code.usage_limit}`}
                </td>
                <td>{code.is_active ? 'Active' : 'Switched off'}</td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      <Pagination info={info} label="Promo codes" />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Promo Codes' })
