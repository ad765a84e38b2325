import { atMostMessage } from '~/catalog/weight'
import { Fee } from '~/fulfilment/fee'
import { feeLabel } from '~/fulfilment/methods'
import { Heading } from '~/platform/ui/heading'
import { Price } from '~/platform/ui/price'
import type { CartTotals } from './pricing'
import { freeDeliveryHint, freeShippingHint } from './words'

/** 600 -> "6%", 825 -> "8.25%" */
// One formatter for every call: toLocaleString builds a new one each time.
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

function formatRate(basisPoints: number): string {
  return `${percent.format(basisPoints / 100)}%`
}

const rowClass = 'flex justify-between gap-4 py-1.5'
const noteClass = 'mt-3 rounded-md bg-earth-50 px-3 py-2 text-sm text-earth-700'

/**
 * Subtotal, discount (only when above 0), shipping, tax and total: every figure from
 * priceCart, nothing computed here. The cart page shows the fee of the way its figures were
 * priced (D21: standard shipping when the cart can ship, else its cheapest way).
 */
export function OrderSummary({
  totals,
  promoCode,
  estimate,
  feeFrom = false,
  note = null,
  headingLevel = 2,
  children,
}: {
  totals: CartTotals
  promoCode: string | null
  /** the cart page: shipping and tax are estimates until checkout */
  estimate: boolean
  /** the fee is local delivery's lowest: "from $7.00" */
  feeFrom?: boolean
  /** how the cart is had when it cannot ship as priced (cart-page.tsx fulfilmentNote) */
  note?: string | null
  headingLevel?: 2 | 3
  children?: React.ReactNode
}) {
  return (
    <section
      aria-labelledby="order-summary-heading"
      className="rounded-lg border border-earth-100 bg-white p-6 shadow-sm"
    >
      <Heading level={headingLevel} id="order-summary-heading" size="small" tone="ink">
        Order Summary
      </Heading>
      <SummaryTotals
        totals={totals}
        promoCode={promoCode}
        estimate={estimate}
        feeFrom={feeFrom}
        className="mt-4"
      />
      {note ? <p className={noteClass}>{note}</p> : null}
      {children}
    </section>
  )
}

/**
 * The figures alone, each a row of a <dl> (`dl > div`), with what they may still come to and
 * how far free shipping is: the cart's summary and the checkout's, which adds its items.
 */
export function SummaryTotals({
  totals,
  promoCode,
  estimate,
  feeFrom = false,
  className,
}: {
  totals: CartTotals
  promoCode: string | null
  estimate: boolean
  /** the fee is local delivery's lowest, the address not known yet */
  feeFrom?: boolean
  className?: string
}) {
  return (
    <>
      <dl className={`divide-y divide-earth-100 text-ink ${className ?? ''}`}>
        <div className={rowClass}>
          <dt>Subtotal</dt>
          <dd>
            <Price cents={totals.subtotalCents} />
          </dd>
        </div>
        {totals.discountCents > 0 ? (
          <div className={`${rowClass} text-pasture-800`}>
            <dt>Discount{promoCode ? ` (${promoCode})` : ''}</dt>
            <dd>
              -<Price cents={totals.discountCents} />
            </dd>
          </div>
        ) : null}
        <div className={rowClass}>
          {/* Pickup and local delivery are not shipping (issue 16): the row says which it is. */}
          <dt>{feeLabel(totals.shippingMethod)}</dt>
          <dd>
            <Fee cents={totals.shippingCents} from={feeFrom} />
          </dd>
        </div>
        <div className={rowClass}>
          <dt>
            {estimate ? 'Estimated Tax' : 'Tax'} ({formatRate(totals.taxRateBasisPoints)})
          </dt>
          <dd>
            <Price cents={totals.taxCents} />
          </dd>
        </div>
        <div className={`${rowClass} pt-3 text-lg font-bold`}>
          <dt>{totals.estimated ? 'Estimated Total' : 'Total'}</dt>
          <dd>
            <Price cents={totals.totalCents} />
          </dd>
        </div>
      </dl>
      {totals.estimated ? (
        <p className={noteClass}>{atMostMessage(totals.maximumTotalCents)}</p>
      ) : null}
      {totals.freeShippingRemainingCents > 0 ? (
        <p className={noteClass}>
          {totals.shippingMethod === 'delivery'
            ? freeDeliveryHint(totals.freeShippingRemainingCents)
            : freeShippingHint(totals.freeShippingRemainingCents)}
        </p>
      ) : null}
    </>
  )
}
