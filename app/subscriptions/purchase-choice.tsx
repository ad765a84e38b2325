import type { ReactNode } from 'react'
import {
  FREQUENCY_LEGEND,
  OPTION_NOT_SUBSCRIBABLE_NOTE,
  PURCHASE_LABELS,
  PURCHASE_LEGEND,
  saveText,
} from './storefront'
import { FREQUENCY_LABELS, type Frequency, subscriberPriceCents } from './terms'

// The product page's "One time or Subscribe" (ADR 32): two plain radio groups inside the Add
// to Cart form, posting purchase=one-time|subscribe and frequency, so it works without
// JavaScript. The server checks both again (cart-changes.server.ts addToCart).

const groupClass = 'mt-4'
const legendClass = 'text-sm font-semibold text-ink'
const optionClass =
  'flex cursor-pointer items-center gap-3 rounded-md border border-stone-500 bg-white px-4 py-2 has-[:checked]:border-pasture-700 has-[:checked]:bg-pasture-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:bg-stone-100'
const radioClass = 'h-4 w-4 flex-none accent-pasture-700'

export function PurchaseChoice({
  frequencies,
  discountPercent,
  priceCents,
  priceText,
  optionSubscribable,
}: {
  frequencies: readonly Frequency[]
  discountPercent: number
  /** the one-time unit price of the product or chosen option */
  priceCents: number
  /** how the page shows a price (per piece, per lb...) */
  priceText: (cents: number) => ReactNode
  /** false for an option left out of subscriptions: Subscribe cannot be chosen */
  optionSubscribable: boolean
}) {
  const noteId = 'purchase-option-note'
  return (
    <>
      <fieldset className={groupClass} aria-describedby={optionSubscribable ? undefined : noteId}>
        <legend className={legendClass}>{PURCHASE_LEGEND}</legend>
        <div className="mt-2 grid gap-2">
          <label className={optionClass}>
            <input
              type="radio"
              name="purchase"
              value="one-time"
              defaultChecked
              className={radioClass}
            />
            <span className="flex flex-1 justify-between gap-4 text-ink">
              <span className="font-semibold">{PURCHASE_LABELS['one-time']}</span>
              <span>{priceText(priceCents)}</span>
            </span>
          </label>
          <label className={optionClass}>
            <input
              type="radio"
              name="purchase"
              value="subscribe"
              disabled={!optionSubscribable}
              className={radioClass}
            />
            <span className="flex flex-1 justify-between gap-4 text-ink">
              <span className="font-semibold">
                {PURCHASE_LABELS.subscribe}
                {discountPercent > 0 ? (
                  <span className="ml-2 font-normal text-pasture-800">
                    {saveText(discountPercent)}
                  </span>
                ) : null}
              </span>
              <span>{priceText(subscriberPriceCents(priceCents, discountPercent))}</span>
            </span>
          </label>
        </div>
        {optionSubscribable ? null : (
          <p id={noteId} className="mt-2 text-sm text-ink">
            {OPTION_NOT_SUBSCRIBABLE_NOTE}
          </p>
        )}
      </fieldset>
      <fieldset className={groupClass}>
        <legend className={legendClass}>{FREQUENCY_LEGEND}</legend>
        <p className="text-sm text-muted">For a subscription: you can skip, pause or cancel.</p>
        <div className="mt-2 flex flex-wrap gap-2">
          {frequencies.map((frequency, index) => (
            <label key={frequency} className={optionClass}>
              <input
                type="radio"
                name="frequency"
                value={frequency}
                defaultChecked={index === 0}
                disabled={!optionSubscribable}
                className={radioClass}
              />
              <span className="text-ink">{FREQUENCY_LABELS[frequency]}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </>
  )
}
