import { data } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { LineText } from '~/catalog/line-wording'
import { pageMeta } from '~/farm/meta'
import { packWeightsText } from '~/fulfilment/admin/this-week'
import { getPackingSlip } from '~/orders/admin/order-detail.server'
import { OrderFulfilment } from '~/orders/order-fulfilment'
import { PrintButton } from '~/platform/admin/ui/print-button'
import { getDb } from '~/platform/db/db.server'
import { formatFarmDate } from '~/platform/farm-clock'
import { ButtonLink } from '~/platform/ui/button'
import type { Route } from './+types/packing-slip'

// A page to print and put in the box: outside the admin frame, and on paper without the
// shop's header, footer or these buttons. Each line reads as on the order (issue 32: one
// wording everywhere), with the weights entered for a piece priced by weight, and what is still
// to collect at the handover when the order is paid there.

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const slip = await getPackingSlip(getDb(), params.id)
  if (!slip) throw data(null, { status: 404 })
  return { slip }
}

const SLIP_HEADINGS: Record<string, string> = { pickup: 'Pickup', delivery: 'Deliver to' }

// The shop's header and footer and the skip link sit outside this page; on paper they go.
const PRINT_CSS =
  '@media print { body > header, body > footer, body > a { display: none !important; } }'

export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const { slip } = loaderData
  const itemCount = slip.items.reduce((sum, item) => sum + item.quantity, 0)
  return (
    <article className="mx-auto max-w-3xl bg-white px-6 py-8 text-ink print:max-w-none print:p-0">
      <style>{PRINT_CSS}</style>
      <div className="mb-6 flex flex-wrap gap-3 print:hidden">
        <ButtonLink to={`/admin/orders/${slip.id}`} variant="secondary">
          Back to Order
        </ButtonLink>
        <PrintButton />
      </div>

      <header className="flex flex-wrap justify-between gap-6 border-b-2 border-ink pb-4">
        <div>
          <p className="font-display text-2xl font-bold">{slip.farm.name}</p>
          <p className="whitespace-pre-line">{slip.farm.address}</p>
          <p>
            {slip.farm.contact_phone} · {slip.farm.contact_email}
          </p>
        </div>
        <div className="text-right">
          <h1 className="font-display text-2xl font-bold">Packing Slip</h1>
          <p className="text-lg font-semibold">Order {slip.number}</p>
          <p>
            <time dateTime={slip.created_at.toISOString()}>{formatFarmDate(slip.created_at)}</time>
          </p>
        </div>
      </header>

      <div className="mt-6 grid gap-6 sm:grid-cols-2 print:grid-cols-2">
        <section aria-labelledby="ship-to">
          <h2 id="ship-to" className="text-sm font-bold tracking-wide uppercase">
            {SLIP_HEADINGS[slip.shipping_method] ?? 'Ship to'}
          </h2>
          <OrderFulfilment order={slip} className="mt-1" />
        </section>
        <section aria-labelledby="method">
          <h2 id="method" className="text-sm font-bold tracking-wide uppercase">
            How it goes
          </h2>
          <p className="mt-1">{slip.shippingLabel}</p>
        </section>
      </div>

      <table className="mt-8 w-full border-collapse text-left">
        <caption className="sr-only">Items in order {slip.number}</caption>
        <thead>
          <tr className="border-b-2 border-ink">
            <th scope="col" className="py-2">
              Item
            </th>
            <th scope="col" className="py-2 text-right">
              Quantity
            </th>
            <th scope="col" className="w-24 py-2 text-right">
              Packed
            </th>
          </tr>
        </thead>
        <tbody>
          {slip.items.map((item) => (
            <tr key={item.id} className="border-b border-stone-300">
              <td className="py-2">
                {item.product_name}
                {item.variant_name ? (
                  <span className="block text-sm">{item.variant_name}</span>
                ) : null}
                <LineText terms={item.terms} className="block text-sm" />
                {packWeightsText(item) ? (
                  <span className="block text-sm">{packWeightsText(item)}</span>
                ) : null}
              </td>
              <td className="py-2 text-right text-lg font-semibold">{item.quantity}</td>
              <td className="py-2 text-right">
                {/* A box to tick by hand. */}
                <span className="inline-block h-5 w-5 border-2 border-ink" />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="py-2">
              Total items
            </th>
            <td className="py-2 text-right text-lg font-semibold">{itemCount}</td>
            <td />
          </tr>
        </tfoot>
      </table>
      {slip.collect ? <p className="mt-6 text-lg font-bold">{slip.collect}</p> : null}

      <p className="mt-10 text-center">Thank you for supporting {slip.farm.name}!</p>
    </article>
  )
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData ? `Packing Slip ${loaderData.slip.number}` : 'Order Not Found',
  })
