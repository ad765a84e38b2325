import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { AdminList, type Column } from '~/platform/admin/ui/list'
import { AdminPageHeader, EmptyState } from '~/platform/admin/ui/page'
import { getDb } from '~/platform/db/db.server'
import { formatDay } from '~/platform/farm-clock'
import { ButtonLink } from '~/platform/ui/button'
import { TextLink } from '~/platform/ui/link'
import { formatCents } from '~/platform/ui/price'
import { listAnimals } from '~/shares/admin/animals.server'
import { formatPounds } from '~/shares/balance'
import type { Route } from './+types/shares'

// Beef shares (ADR 31): every animal sold in shares, with what is left and what has sold.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return { animals: await listAnimals(getDb()) }
}

const COLUMNS: Column<Route.ComponentProps['loaderData']['animals'][number]>[] = [
  {
    header: 'Animal',
    cell: (animal) => <TextLink to={`/admin/shares/${animal.id}`}>{animal.name}</TextLink>,
  },
  { header: 'Product', cell: (animal) => animal.product_name },
  {
    header: 'Quarters left',
    cell: (animal) =>
      animal.hanging_weight_centi_lb === null
        ? `${animal.units_left} of ${animal.units_total}`
        : 'Sales closed',
  },
  {
    header: 'Shares sold',
    cell: (animal) =>
      `${animal.shares_sold} (${animal.units_sold} ${animal.units_sold === 1 ? 'quarter' : 'quarters'})`,
  },
  {
    header: 'Price',
    cell: (animal) => `${formatCents(animal.price_per_lb_hanging_cents)}/lb hanging`,
  },
  { header: 'Cut-off', cell: (animal) => formatDay(animal.cut_sheet_cutoff) },
  { header: 'Pickup', cell: (animal) => formatDay(animal.pickup_date) },
  {
    header: 'Hanging weight',
    cell: (animal) =>
      animal.hanging_weight_centi_lb === null
        ? 'Not weighed'
        : formatPounds(animal.hanging_weight_centi_lb),
  },
]

export default function AdminShares({ loaderData }: Route.ComponentProps) {
  const { animals } = loaderData
  return (
    <>
      <AdminPageHeader
        title="Beef Shares"
        description="Animals sold in quarters, halves and wholes. Every size draws from the animal's quarters, so they never oversell each other."
        actions={<ButtonLink to="/admin/shares/new">New Animal</ButtonLink>}
      />
      {animals.length === 0 ? (
        <EmptyState>No animals yet. Add one to sell it in shares.</EmptyState>
      ) : (
        <AdminList
          caption="Animals"
          rows={animals}
          rowKey={(animal) => animal.id}
          columns={COLUMNS}
        />
      )}
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Beef Shares' })
