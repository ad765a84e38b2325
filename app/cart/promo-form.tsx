import { getFormProps } from '@conform-to/react'
import { useId } from 'react'
import { useFetcher } from 'react-router'
import { type FormReply, useSchemaForm } from '~/platform/forms/conform'
import { StatusButton } from '~/platform/ui/status-button'
import { useIsPending } from '~/platform/ui/use-is-pending'
import type { PricingPromo } from '~/promotions/promo'
import { ApplyPromoSchema } from './forms'
import { cartChangeDone, cartReplyMessage } from './replies'
import { PROMO_NO_LONGER_VALID, promoMinimumMessage } from './words'

// The secondary look, dimmed while the cart answers.
const busyClass = 'disabled:cursor-not-allowed disabled:opacity-60'

/**
 * The promo code field, or the applied code with Remove. Posts to /cart with a fetcher (the
 * page stays put) or, without JavaScript, as a plain form that renders the cart again with
 * the answer. `serverResult` is that answer in the no-JavaScript case. Once React runs, the
 * action's schema checks the code first (an empty one is refused without a trip).
 */
export function PromoForm({
  promo,
  applies,
  serverResult,
}: {
  promo: { code: string; terms: PricingPromo | null } | null
  /** the code counts towards the current subtotal (priceCart's promoApplies) */
  applies: boolean
  serverResult?: FormReply
}) {
  const fetcher = useFetcher<FormReply>({ key: 'cart-promo' })
  const inputId = useId()
  const messageId = useId()
  const busy = useIsPending({ fetcher })
  const status = busy ? 'pending' : 'idle'
  const reply =
    fetcher.data ??
    (serverResult?.form === 'apply-promo' || serverResult?.form === 'remove-promo'
      ? serverResult
      : undefined)
  // The code field takes only the Apply form's answers (Remove's would empty nothing).
  const [form, fields] = useSchemaForm(ApplyPromoSchema, {
    id: 'cart-promo',
    lastResult: reply?.form === 'apply-promo' ? reply : undefined,
  })
  // The schema's complaint about the code (the browser's check or the server's), else the
  // answer to the last post.
  const complaint = fields.code.errors?.[0]
  const message = complaint ?? (reply ? cartReplyMessage(reply) : null)
  const failed = complaint !== undefined || (reply !== undefined && !cartChangeDone(reply))

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
            <StatusButton type="submit" variant="secondary" status={status} className={busyClass}>
              Remove<span className="sr-only"> promo code {promo.code}</span>
            </StatusButton>
          </fetcher.Form>
          {note ? <p className="w-full text-sm text-earth-700">{note}</p> : null}
        </div>
      ) : (
        <fetcher.Form method="post" action="/cart" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="apply-promo" />
          <label htmlFor={inputId} className="block text-sm font-semibold text-ink">
            Promo code
          </label>
          <div className="mt-1 flex gap-2">
            <input
              key={fields.code.key}
              id={inputId}
              name={fields.code.name}
              form={form.id}
              defaultValue={fields.code.initialValue}
              required={fields.code.required}
              maxLength={fields.code.maxLength}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={failed ? true : undefined}
              aria-describedby={message ? messageId : undefined}
              className="block w-full min-w-0 rounded-md border border-stone-500 bg-white px-3 py-2 text-ink shadow-sm focus:border-pasture-700 focus:outline-none focus:ring-2 focus:ring-pasture-600 aria-[invalid=true]:border-red-700"
            />
            <StatusButton
              type="submit"
              variant="secondary"
              status={status}
              pendingText="Applying..."
              className={busyClass}
            >
              Apply
            </StatusButton>
          </div>
        </fetcher.Form>
      )}
      {/* Always in the page, so screen readers hear what arrives in it. */}
      <div aria-live="polite" className="mt-2 text-sm">
        {message ? (
          <p
            id={messageId}
            className={failed ? 'font-medium text-red-800' : 'font-medium text-pasture-800'}
          >
            {message}
          </p>
        ) : null}
      </div>
    </div>
  )
}
