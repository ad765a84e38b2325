import type { CartLine } from '~/cart/cart'
import { SummaryTotals } from '~/cart/order-summary'
import type { CartTotals } from '~/cart/pricing'
import { LineText, pricedLineTerms } from '~/catalog/line-wording'
import { Heading } from '~/platform/ui/heading'
import { Price } from '~/platform/ui/price'
import { ResponsiveImage } from '~/platform/ui/responsive-image'

// The checkout's order summary: what is being bought (picture, name, option, how many, line
// price) above the figures. On a phone it folds away under "Show order summary ($Total)", as
// in the shops people know, so the form comes first; on a wide screen it is always open beside
// the form. One rendering, so every figure is on the page once: a <details>, closed until
// opened on a phone (no script needed), whose content a wide screen shows anyway by styling
// ::details-content, with the toggle hidden. A browser without ::details-content keeps the
// toggle on a wide screen too, and the summary opens with it.

/** At lg, where the browser can: the content shown whether or not the details is open. */
const WIDE_OPEN =
  'lg:supports-[selector(::details-content)]:details-content:[content-visibility:visible]'
const WIDE_NO_TOGGLE = 'lg:supports-[selector(::details-content)]:hidden'

function Chevron() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="h-4 w-4 transition-transform group-open/summary:rotate-180"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M5 7.5l5 5 5-5" />
    </svg>
  )
}

function SummaryItem({ line, totalCents }: { line: CartLine; totalCents: number }) {
  return (
    <li className="flex items-center gap-4 py-3">
      <div className="relative flex-none">
        <ResponsiveImage
          src={line.imageUrl}
          alt=""
          width={64}
          height={64}
          sizes="64px"
          className="h-16 w-16 rounded-md border border-earth-100 bg-earth-100 object-cover"
        />
        <span
          aria-hidden="true"
          className="absolute -top-2 -right-2 flex h-6 min-w-6 items-center justify-center rounded-full bg-muted px-1.5 text-xs font-bold text-white"
        >
          {line.quantity}
        </span>
      </div>
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold text-ink [overflow-wrap:anywhere]">{line.name}</p>
        {line.variantName ? <p className="text-muted">{line.variantName}</p> : null}
        <p className="sr-only">Quantity: {line.quantity}</p>
        <p className="text-muted">
          <LineText terms={pricedLineTerms(line, totalCents)} />
        </p>
      </div>
      <Price cents={totalCents} className="text-sm font-semibold text-ink" />
    </li>
  )
}

export function CheckoutSummary({
  lines,
  totals,
  feeFrom = false,
  promoCode,
}: {
  /** the lines on sale, in the order priceCart priced them (totals.lineTotalsCents) */
  lines: CartLine[]
  totals: CartTotals
  /** local delivery before the ZIP names its zone: "from" the cheapest */
  feeFrom?: boolean
  promoCode: string | null
}) {
  return (
    <details
      className={`group/summary rounded-lg border border-earth-100 bg-white shadow-sm ${WIDE_OPEN}`}
    >
      <summary
        className={`flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg px-4 py-4 [&::-webkit-details-marker]:hidden ${WIDE_NO_TOGGLE}`}
      >
        <span className="flex items-center gap-1.5 font-semibold text-pasture-800">
          <span className="group-open/summary:hidden">Show order summary</span>
          <span className="hidden group-open/summary:inline">Hide order summary</span>
          <Chevron />
        </span>{' '}
        <span className="text-lg font-bold text-ink">
          <span className="sr-only">(</span>
          <Price cents={totals.totalCents} />
          <span className="sr-only">)</span>
        </span>
      </summary>
      <section
        aria-labelledby="order-summary-heading"
        className="border-t border-earth-100 px-4 pb-5 sm:px-6 lg:border-t-0 lg:pt-6"
      >
        {/* The toggle names it on a phone; the heading says it again only to a screen reader. */}
        <Heading
          level={2}
          id="order-summary-heading"
          size="small"
          tone="ink"
          className="max-lg:sr-only"
        >
          Order Summary
        </Heading>
        <ul className="mt-2 divide-y divide-earth-100 border-b border-earth-100">
          {lines.map((line, index) => (
            <SummaryItem
              key={line.id}
              line={line}
              totalCents={totals.lineTotalsCents[index] ?? 0}
            />
          ))}
        </ul>
        <SummaryTotals
          totals={totals}
          promoCode={promoCode}
          estimate={false}
          feeFrom={feeFrom}
          className="mt-2"
        />
      </section>
    </details>
  )
}
