import { useId } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '~/platform/ui/button'
import type { PricingPromo } from '~/promotions/promo'
import type { CartActionResult } from './forms'
import { PROMO_NO_LONGER_VALID, promoMinimumMessage } from './messages'

// The secondary look, dimmed while the cart answers.
const busyClass = 'disabled:cursor-not-allowed disabled:opacity-60'

/**
 * The promo code field, or the applied code with Remove. Posts to /cart with a fetcher (the
 * page stays put) or, without JavaScript, as a plain form that renders the cart again with
 * the answer. `serverResult` is that answer in the no-JavaScript case.
 */
export function PromoForm({
  promo,
  applies,
  serverResult,
}: {
  promo: { code: string; terms: PricingPromo | null } | null
  /** the code counts towards the current subtotal (priceCart's promoApplies) */
  applies: boolean
  serverResult?: CartActionResult
}) {
  const fetcher = useFetcher<CartActionResult>({ key: 'cart-promo' })
  const inputId = useId()
  const messageId = useId()
  const busy = fetcher.state !== 'idle'
  const result =
    fetcher.data ??
    (serverResult?.intent === 'apply-promo' || serverResult?.intent === 'remove-promo'
      ? serverResult
      : undefined)
  const failed = result !== undefined && !result.ok

  let note: string | null = null
  if (promo && !promo.terms) note = PROMO_NO_LONGER_VALID
  else if (promo?.terms && !applies)
    note = promoMinimumMessage(promo.code, promo.terms.minSubtotalCents)

  return (
    <div className="mt-6 border-t border-earth-100 pt-5">
      {promo ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-ink">
            Promo code <strong className="font-semibold">{promo.code}</strong>
            {note ? null : ' applied'}
          </p>
          <fetcher.Form method="post" action="/cart">
            <input type="hidden" name="intent" value="remove-promo" />
            <Button type="submit" variant="secondary" disabled={busy} className={busyClass}>
              Remove<span className="sr-only"> promo code {promo.code}</span>
            </Button>
          </fetcher.Form>
          {note ? <p className="w-full text-sm text-earth-700">{note}</p> : null}
        </div>
      ) : (
        <fetcher.Form method="post" action="/cart" noValidate>
          <input type="hidden" name="intent" value="apply-promo" />
          <label htmlFor={inputId} className="block text-sm font-semibold text-ink">
            Promo code
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id={inputId}
              name="code"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={50}
              aria-invalid={failed ? true : undefined}
              aria-describedby={result ? messageId : undefined}
              className="block w-full min-w-0 rounded-md border border-stone-400 bg-white px-3 py-2 text-ink shadow-sm focus:border-pasture-700 focus:outline-none focus:ring-2 focus:ring-pasture-600 aria-[invalid=true]:border-red-700"
            />
            <Button type="submit" variant="secondary" disabled={busy} className={busyClass}>
              {busy ? 'Applying...' : 'Apply'}
            </Button>
          </div>
        </fetcher.Form>
      )}
      {/* Always in the page, so screen readers hear what arrives in it. */}
      <div aria-live="polite" className="mt-2 text-sm">
        {result ? (
          <p
            id={messageId}
            className={failed ? 'font-medium text-red-800' : 'font-medium text-pasture-800'}
          >
            {result.message}
          </p>
        ) : null}
      </div>
    </div>
  )
}
