import { Link } from 'react-router'
import { requireUser } from '~/auth/guards.server'
import { getCartSummary } from '~/cart/cart.server'
import { OrderSummary } from '~/cart/order-summary'
import { Price } from '~/components/price'
import { secondaryButtonClass } from '~/components/ui/field'
import { pageMeta } from '~/content/meta'
import { getDb } from '~/db/db.server'
import type { Route } from './+types/checkout'

// The checkout's first, small step: signed-in customers only (guests go to sign in and come
// back here with their cart merged), the cart and its totals from the one pricing function.
// Shipping details, payment and placing the order come with the checkout issue.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const cart = await getCartSummary(getDb(), { kind: 'customer', customerId: user.id })
  return { lines: cart.lines.filter((line) => line.available), cart }
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { lines, cart } = loaderData
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="font-display text-4xl font-bold text-pasture-800">Checkout</h1>
      {lines.length === 0 ? (
        <div className="mt-8 rounded-lg border border-earth-100 bg-white p-10 text-center">
          <h2 className="font-display text-2xl font-bold text-ink">Your cart is empty</h2>
          <Link to="/shop" className={`${secondaryButtonClass} mt-6`}>
            Browse Products
          </Link>
        </div>
      ) : (
        <div className="mt-8 grid gap-8 md:grid-cols-2">
          <section aria-labelledby="checkout-items-heading">
            <h2 id="checkout-items-heading" className="font-display text-2xl font-bold text-ink">
              Your Items
            </h2>
            <ul className="mt-4 divide-y divide-earth-100 rounded-lg border border-earth-100 bg-white px-5">
              {lines.map((line, index) => (
                <li key={line.id} className="flex justify-between gap-4 py-4">
                  <div>
                    <p className="font-semibold text-ink">{line.name}</p>
                    {line.variantName ? (
                      <p className="text-sm text-muted">{line.variantName}</p>
                    ) : null}
                    <p className="text-sm text-muted">
                      {line.quantity} x <Price cents={line.unitPriceCents} />
                    </p>
                  </div>
                  <Price
                    cents={cart.totals.lineTotalsCents[index] ?? 0}
                    className="font-semibold text-ink"
                  />
                </li>
              ))}
            </ul>
            <p className="mt-4 text-muted">
              Shipping details and payment come next; nothing is charged yet.
            </p>
            <Link to="/cart" className="mt-4 inline-block font-semibold text-pasture-800 underline">
              Back to Cart
            </Link>
          </section>
          <OrderSummary totals={cart.totals} promoCode={cart.promo?.code ?? null} estimate />
        </div>
      )}
    </div>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Checkout' })
