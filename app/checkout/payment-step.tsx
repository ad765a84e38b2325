import { Form } from 'react-router'
import type { FormReply } from '~/platform/forms/conform'
import { Button } from '~/platform/ui/button'
import { FieldError } from '~/platform/ui/field'
import type { CheckoutDraft } from './checkout'
import { cardClass, DraftFields, legendClass, type PaymentOption } from './checkout-step'

// Step 2: how the shopper pays.

export function PaymentForm({
  draft,
  reply,
  paymentMethods,
}: {
  draft: CheckoutDraft
  reply?: FormReply
  paymentMethods: PaymentOption[]
}) {
  const methodError = reply?.error?.paymentMethod?.[0]
  const selected = paymentMethods.some((option) => option.id === draft.paymentMethod)
    ? draft.paymentMethod
    : paymentMethods[0]?.id
  return (
    <Form method="post" noValidate className="space-y-6">
      <DraftFields draft={draft} except={['paymentMethod']} />
      <fieldset
        className={cardClass}
        aria-describedby={methodError ? 'payment-method-error' : undefined}
      >
        <legend className={`${legendClass} float-left mb-4 w-full`}>Payment Method</legend>
        <div className="clear-both space-y-3">
          {paymentMethods.map((option) => (
            <label
              key={option.id}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-earth-100 p-4 has-[:checked]:border-pasture-700 has-[:checked]:bg-pasture-50"
            >
              <input
                type="radio"
                name="paymentMethod"
                value={option.id}
                defaultChecked={selected === option.id}
                className="mt-1 h-4 w-4 accent-pasture-700"
              />
              <span className="font-semibold text-ink">{option.label}</span>
            </label>
          ))}
        </div>
        {paymentMethods.map((option) => (
          <p key={option.id} className="mt-4 text-sm text-muted">
            {option.description}
          </p>
        ))}
        <FieldError id="payment-method-error" message={methodError} />
      </fieldset>
      <div className="flex flex-wrap justify-between gap-3">
        <Button
          type="submit"
          name="intent"
          value="back-to-shipping"
          formNoValidate
          variant="secondary"
        >
          Back to Shipping
        </Button>
        <Button type="submit" name="intent" value="to-review">
          Review Order
        </Button>
      </div>
    </Form>
  )
}
