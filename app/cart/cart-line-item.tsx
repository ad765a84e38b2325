import { useId, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { LineText, pricedLineTerms } from '~/catalog/line-wording'
import { sellingUnit } from '~/catalog/variants'
import { weightPriceText } from '~/catalog/weight'
import { formatFarmMoment } from '~/platform/farm-clock'
import type { FormReply } from '~/platform/forms/conform'
import { ConfirmDialog } from '~/platform/ui/confirm-dialog'
import { Price } from '~/platform/ui/price'
import { ResponsiveImage } from '~/platform/ui/responsive-image'
import { FREQUENCY_LEGEND, PURCHASE_LABELS, subscriptionLineText } from '~/subscriptions/storefront'
import { FREQUENCY_LABELS } from '~/subscriptions/terms'
import { type CartLine, subscriptionStillOffered } from './cart'
import { LINE_ONE_TIME } from './forms'
import { cartReplyMessage } from './replies'
import {
  CONFIRM_REMOVE,
  ITEM_REMOVED,
  QUANTITY_UPDATED,
  SUBSCRIPTION_NO_LONGER_OFFERED,
} from './words'

/**
 * One fetcher per line (house style 9): a second click on + while the first is on its way
 * replaces it instead of racing it, and the optimistic cart reads the line's pending
 * quantity from it by this key.
 */
export function lineFetcherKey(lineId: string): string {
  return `cart-line:${lineId}`
}

const stepClass =
  'flex h-9 w-9 items-center justify-center rounded-md border border-stone-500 text-lg font-bold text-ink hover:bg-earth-50 disabled:cursor-not-allowed disabled:opacity-40'

export function CartLineItem({
  line,
  lineTotalCents,
  hydrated,
  onRemove,
}: {
  /** with the optimistic quantity already applied */
  line: CartLine
  /** null for a line no longer on sale (it is not counted) */
  lineTotalCents: number | null
  /** false before JavaScript runs: forms then post plainly and come back to /cart */
  hydrated: boolean
  /** called when a removal is confirmed, before the server answers */
  onRemove: (label: string) => void
}) {
  const fetcher = useFetcher<FormReply>({ key: lineFetcherKey(line.id) })
  const [confirming, setConfirming] = useState(false)
  const label = line.variantName ? `${line.name}, ${line.variantName}` : line.name
  const said = fetcher.state === 'idle' && fetcher.data ? cartReplyMessage(fetcher.data) : null
  // Routine successes speak through the numbers; anything else (a cap, a refusal) is said.
  const notice = said !== QUANTITY_UPDATED && said !== ITEM_REMOVED ? said : null
  const backToCart = hydrated ? null : <input type="hidden" name="redirect" value="/cart" />

  let problem: string | null = null
  if (!line.available) {
    problem =
      line.stock <= 0
        ? 'Out of stock. Please remove it to check out.'
        : 'No longer available. Please remove it to check out.'
  } else if (line.quantity > line.stock) {
    problem = `Only ${line.stock} left in stock.`
  } else if (!subscriptionStillOffered(line)) {
    problem = SUBSCRIPTION_NO_LONGER_OFFERED
  }

  return (
    <li className="grid grid-cols-[5rem_1fr] gap-x-4 gap-y-3 py-6 sm:flex sm:gap-4">
      <ResponsiveImage
        src={line.imageUrl}
        alt=""
        width={96}
        height={96}
        sizes="96px"
        className="h-20 w-20 flex-none rounded-md bg-earth-100 object-cover sm:h-24 sm:w-24"
      />
      <div className="min-w-0 sm:flex-1">
        <h3 className="font-semibold text-ink">
          <Link to={`/product/${line.productId}`} className="hover:underline">
            {line.name}
          </Link>
        </h3>
        {line.variantName ? <p className="text-sm text-muted">{line.variantName}</p> : null}
        {line.subscriptionFrequency ? (
          <p className="mt-1 text-sm font-semibold text-pasture-800">
            {subscriptionLineText(line.subscriptionFrequency)}
          </p>
        ) : null}
        <p className="mt-1 text-sm text-ink">
          {lineTotalCents !== null ? (
            <LineText terms={pricedLineTerms(line, lineTotalCents)} />
          ) : line.averageWeightCentiLb ? (
            // Not counted, so not priced: what one would cost, as the product page says it.
            weightPriceText(line.unitPriceCents, line.averageWeightCentiLb)
          ) : (
            <Price cents={line.unitPriceCents} unit={sellingUnit(line.unit, line.variantName)} />
          )}
          {line.unitPriceCents < line.regularPriceCents ? (
            <>
              {' '}
              <span className="text-muted">
                (subscriber price;{' '}
                <s>
                  <Price cents={line.regularPriceCents} />
                </s>{' '}
                one time)
              </span>
            </>
          ) : null}
        </p>
        {line.offeredFrequencies.length > 0 && line.subscribable ? (
          <FrequencyForm line={line} label={label} backToCart={backToCart} fetcher={fetcher} />
        ) : null}
        {line.reservedUntil && line.available ? (
          <p className="mt-1 text-sm font-medium text-pasture-800">
            Reserved for you until {formatFarmMoment(new Date(line.reservedUntil))}
          </p>
        ) : null}
        {problem ? <p className="mt-1 text-sm font-medium text-red-800">{problem}</p> : null}
        <div aria-live="polite" className="text-sm text-earth-700">
          {notice ? <p className="mt-1">{notice}</p> : null}
        </div>
      </div>
      {/* Below the details on a phone, beside them from the small breakpoint up. */}
      <div className="col-span-2 flex flex-wrap items-center justify-between gap-3 sm:flex-col sm:items-end">
        <fetcher.Form method="post" action="/cart" className="flex items-center gap-2">
          <input type="hidden" name="intent" value="set-quantity" />
          <input type="hidden" name="lineId" value={line.id} />
          {backToCart}
          {/* The buttons post the new quantity itself, so quick clicks add up. */}
          <button
            type="submit"
            name="quantity"
            value={line.quantity - 1}
            disabled={line.quantity <= 1}
            aria-label={`Decrease quantity of ${label}`}
            className={stepClass}
          >
            <span aria-hidden="true">−</span>
          </button>
          <output aria-label={`Quantity of ${label}`} className="w-8 text-center font-semibold">
            {line.quantity}
          </output>
          <button
            type="submit"
            name="quantity"
            value={line.quantity + 1}
            disabled={!line.available || line.quantity >= line.stock}
            aria-label={`Increase quantity of ${label}`}
            className={stepClass}
          >
            <span aria-hidden="true">+</span>
          </button>
        </fetcher.Form>
        <p className="font-semibold text-ink">
          {lineTotalCents === null ? (
            <span className="text-sm text-muted">Not counted</span>
          ) : (
            <>
              <span className="sr-only">Line total: </span>
              <Price cents={lineTotalCents} />
            </>
          )}
        </p>
        <fetcher.Form
          method="post"
          action="/cart"
          onSubmit={(event) => {
            // With JavaScript, ask first (spec section 4); without it the form simply posts.
            event.preventDefault()
            setConfirming(true)
          }}
        >
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="lineId" value={line.id} />
          {backToCart}
          <button
            type="submit"
            className="text-sm font-semibold text-red-800 underline underline-offset-4 hover:text-red-900"
          >
            Remove<span className="sr-only"> {label}</span>
          </button>
        </fetcher.Form>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Remove item"
        question={CONFIRM_REMOVE}
        confirmLabel="Remove"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          onRemove(label)
          fetcher.submit({ intent: 'remove', lineId: line.id }, { method: 'post', action: '/cart' })
        }}
      />
    </li>
  )
}

/** The line's "How often" select: a frequency the product offers, or One time. */
function FrequencyForm({
  line,
  label,
  backToCart,
  fetcher,
}: {
  line: CartLine
  label: string
  backToCart: React.ReactNode
  fetcher: ReturnType<typeof useFetcher<FormReply>>
}) {
  const id = useId()
  const current = line.subscriptionFrequency ?? LINE_ONE_TIME
  return (
    <fetcher.Form method="post" action="/cart" className="mt-2 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="set-frequency" />
      <input type="hidden" name="lineId" value={line.id} />
      {backToCart}
      <div>
        <label htmlFor={id} className="block text-sm font-semibold text-ink">
          {FREQUENCY_LEGEND}
          <span className="sr-only"> for {label}</span>
        </label>
        <select
          id={id}
          name="frequency"
          // A new choice from the server starts the select afresh.
          key={current}
          defaultValue={current}
          className="mt-1 rounded-md border border-stone-500 bg-white px-2 py-1 text-sm text-ink"
        >
          <option value={LINE_ONE_TIME}>{PURCHASE_LABELS['one-time']}</option>
          {line.offeredFrequencies.map((frequency) => (
            <option key={frequency} value={frequency}>
              {FREQUENCY_LABELS[frequency]}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="rounded-md border border-pasture-700 px-3 py-1 text-sm font-semibold text-pasture-800 hover:bg-pasture-50"
      >
        Update<span className="sr-only"> how often for {label}</span>
      </button>
    </fetcher.Form>
  )
}
