import { Link } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { AdminPageHeader, AdminTable, EmptyState } from '~/platform/admin/ui/page'
import { getDb } from '~/platform/db/db.server'
import { formatDay } from '~/platform/farm-clock'
import { ButtonLink } from '~/platform/ui/button'
import { formatCents } from '~/platform/ui/price'
import { listAnimals } from '~/shares/admin/animals.server'
import { formatPounds } from '~/shares/balance'
import type { Route } from './+types/shares'

// Beef shares (ADR 31): every animal sold in shares, with what is left and what has sold.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return { animals: await listAnimals(getDb()) }
}

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
        <AdminTable caption="Animals">
          <thead>
            <tr>
              <th scope="col">Animal</th>
              <th scope="col">Product</th>
              <th scope="col">Quarters left</th>
              <th scope="col">Shares sold</th>
              <th scope="col">Price</th>
              <th scope="col">Cut-off</th>
              <th scope="col">Pickup</th>
              <th scope="col">Hanging weight</th>
            </tr>
          </thead>
          <tbody>
            {animals.map((animal) => (
              <tr key={animal.id}>
                <td>
                  <Link
                    to={`/admin/shares/${animal.id}`}
                    className="font-semibold text-pasture-800 underline"
                  >
                    {animal.name}
                  </Link>
                </td>
                <td>{animal.product_name}</td>
                <td>
                  {animal.hanging_weight_centi_lb === null
                    ? `${animal.units_left} of ${animal.units_total}`
                    : 'Sales closed'}
                </td>
                <td>
                  {animal.shares_sold} ({animal.units_sold}{' '}
                  {animal.units_sold === 1 ? 'quarter' : 'quarters'})
                </td>
                <td>{formatCents(animal.price_per_lb_hanging_cents)}/lb hanging</td>
                <td>{formatDay(animal.cut_sheet_cutoff)}</td>
                <td>{formatDay(animal.pickup_date)}</td>
                <td>
                  {animal.hanging_weight_centi_lb === null
                    ? 'Not weighed'
                    : formatPounds(animal.hanging_weight_centi_lb)}
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Beef Shares' })
