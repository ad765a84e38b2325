import { requireAdmin } from '~/auth/guards.server'
import { LineText } from '~/catalog/line-wording'
import { getFarmBasics } from '~/farm/farm.server'
import { pageMeta } from '~/farm/meta'
import { collectText, packWeightsText } from '~/fulfilment/admin/this-week'
import { loadThisWeek } from '~/fulfilment/admin/this-week.server'
import { PrintButton } from '~/platform/admin/ui/print-button'
import { getDb } from '~/platform/db/db.server'
import { ButtonLink } from '~/platform/ui/button'
import { formatUnitPrice } from '~/platform/ui/price'
import type { Route } from './+types/fulfilment-pack-list'

// The day's batch packing slip: every order of the day, one per printed page, to put in its
// box or bag. Outside the admin frame, like the single packing slip: each line in the one
// wording with the weights entered, and the amount still to collect, which whoever hands the
// box over needs.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const db = getDb()
  const day = new URL(request.url).searchParams.get('day')
  const [week, farm] = await Promise.all([loadThisWeek(db, day), getFarmBasics(db)])
  return { week, farm: { name: farm.name, phone: farm.contact_phone } }
}

const PRINT_CSS =
  '@media print { body > header, body > footer, body > a { display: none !important; } .pack-order { break-after: page; } }'

export default function PackListDocument({ loaderData }: Route.ComponentProps) {
  const { week, farm } = loaderData
  const orders = week.groups.flatMap((group) =>
    group.orders.map((order) => ({ ...order, group: group.title })),
  )
  return (
    <article className="mx-auto max-w-3xl bg-white px-6 py-8 text-ink print:max-w-none print:p-0">
      <style>{PRINT_CSS}</style>
      <div className="mb-6 flex flex-wrap gap-3 print:hidden">
        <ButtonLink to={`/admin/fulfilment?day=${week.day}`} variant="secondary">
          Back to This week
        </ButtonLink>
        <PrintButton />
      </div>
      <h1 className="font-display text-2xl font-bold">
        Pack list: {week.dayLabel} ({orders.length} {orders.length === 1 ? 'order' : 'orders'})
      </h1>
      {orders.length === 0 ? <p className="mt-4">No orders to pack for this day.</p> : null}
      {orders.map((order) => (
        <section
          key={order.id}
          aria-labelledby={`pack-${order.id}`}
          className="pack-order mt-6 border-t-2 border-ink pt-4"
        >
          <p className="text-sm">{farm.name}</p>
          <h2 id={`pack-${order.id}`} className="font-display text-xl font-bold">
            Order {order.number}: {order.name}
          </h2>
          <p className="font-semibold">{order.group}</p>
          <p>{order.phone}</p>
          {order.address ? <p>Deliver to: {order.address}</p> : null}
          <table className="mt-3 w-full text-left">
            <caption className="sr-only">Items in order {order.number}</caption>
            <thead>
              <tr className="border-b border-ink">
                <th scope="col" className="py-1">
                  Item
                </th>
                <th scope="col" className="py-1 text-right">
                  Quantity
                </th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={`${item.name}|${item.unit}`} className="border-b border-stone-300">
                  <td className="py-1">
                    {item.name}
                    <LineText terms={item.terms} className="block text-sm" />
                    {packWeightsText(item) ? (
                      <span className="block text-sm">{packWeightsText(item)}</span>
                    ) : null}
                  </td>
                  <td className="py-1 text-right">{item.quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-3 text-lg font-bold">
            {order.weighing
              ? collectText(order)
              : order.dueCents > 0
                ? `To collect: ${formatUnitPrice(order.dueCents, null)}`
                : 'Paid: nothing to collect'}
          </p>
          {order.notes ? <p className="text-sm">{order.notes}</p> : null}
        </section>
      ))}
    </article>
  )
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData ? `Pack list ${loaderData.week.dayLabel}` : 'Pack list' })
