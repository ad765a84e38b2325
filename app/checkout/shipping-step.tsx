import { getFormProps } from '@conform-to/react'
import { useMemo, useState } from 'react'
import { Form } from 'react-router'
import type { CartSummary } from '~/cart/cart'
import { DeliveryDays, MethodChoice, PickupTimes } from '~/fulfilment/fulfilment-choice'
import type { FulfilmentOffer } from '~/fulfilment/offer'
import { type FormReply, useSchemaForm } from '~/platform/forms/conform'
import { Button, ButtonLink } from '~/platform/ui/button'
import { CheckboxField, FormMessage, TextField } from '~/platform/ui/field'
import { SelectField } from '~/platform/ui/select-field'
import { stateName } from '~/platform/us-address'
import { SHARE_NOT_SHIPPED } from '~/shares/shares'
import {
  type CheckoutDraft,
  type CheckoutPricing,
  DRAFT_TEXT_FIELDS,
  shippingStepSchema,
} from './checkout'
import { cardClass, DraftFields, legendClass } from './checkout-step'

// Step 1, a Conform form: its schema (the action's) checks it in the browser first, and the
// action's reply brings back the complaints and what was typed.

export function ShippingForm({
  draft,
  reply,
  notice,
  statesOffered,
  settings,
  fees,
  offer,
  thisYear,
  localOnly,
  shares,
  onMethodChange,
  onZipChange,
}: {
  draft: CheckoutDraft
  reply?: FormReply
  notice?: string
  statesOffered: string[]
  settings: CartSummary['settings']
  fees: CheckoutPricing['fees']
  offer: FulfilmentOffer
  thisYear: number
  localOnly: boolean
  /** beef shares alone: picked up on their animal's date, never shipped nor delivered */
  shares: boolean
  onMethodChange: (method: string) => void
  onZipChange: (zip: string) => void
}) {
  const schema = useMemo(() => shippingStepSchema(statesOffered), [statesOffered])
  const [form, fields] = useSchemaForm(schema, {
    id: 'checkout-shipping',
    lastResult: reply,
    defaultValue: { ...draft, saveAddress: draft.saveAddress ? 'on' : undefined },
  })
  const [zipCode, setZipCode] = useState(draft.zipCode)
  const slotError = fields.slot.errors?.[0]
  return (
    <Form method="post" {...getFormProps(form)} className="checkout-step space-y-6">
      <DraftFields
        draft={draft}
        except={[...DRAFT_TEXT_FIELDS.filter((n) => n !== 'paymentMethod'), 'saveAddress']}
      />
      <FormMessage tone="error">{form.errors?.[0] ?? notice}</FormMessage>
      <MethodChoice
        offer={offer}
        settings={settings}
        fees={fees}
        selected={draft.shippingMethod}
        error={fields.shippingMethod.errors?.[0]}
        onChange={onMethodChange}
        localOnly={localOnly}
        whyNoShipping={shares ? SHARE_NOT_SHIPPED : undefined}
      />
      <fieldset className={cardClass}>
        <legend className={`${legendClass} float-left mb-4 w-full`}>Contact Information</legend>
        <div className="clear-both grid gap-4 sm:grid-cols-2">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            field={fields.email}
          />
          <TextField label="Phone" type="tel" autoComplete="tel" required field={fields.phone} />
          <TextField
            label="First name"
            autoComplete="given-name"
            required
            field={fields.firstName}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            required
            field={fields.lastName}
          />
        </div>
      </fieldset>
      <PickupTimes
        pickup={offer.pickup}
        selected={draft.slot}
        thisYear={thisYear}
        error={draft.shippingMethod === 'pickup' ? slotError : undefined}
      />
      <fieldset data-for-method="delivery standard express" className={cardClass}>
        <legend className={`${legendClass} float-left mb-4 w-full`}>
          {offer.delivery ? 'Delivery or Shipping Address' : 'Shipping Address'}
        </legend>
        <p className="clear-both text-sm text-muted">Not needed for pickup.</p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <TextField
            label="Street address"
            autoComplete="shipping address-line1"
            required
            className="sm:col-span-2"
            field={fields.street}
          />
          <TextField
            label="Apartment/suite (optional)"
            autoComplete="shipping address-line2"
            className="sm:col-span-2"
            field={fields.apartment}
          />
          <TextField
            label="City"
            autoComplete="shipping address-level2"
            required
            field={fields.city}
          />
          <SelectField
            label="State"
            autoComplete="shipping address-level1"
            required
            options={statesOffered.map((code) => ({ value: code, label: stateName(code) }))}
            placeholder={statesOffered.length > 1 ? 'Select a state' : undefined}
            field={fields.state}
          />
          <TextField
            label="ZIP code"
            autoComplete="shipping postal-code"
            inputMode="numeric"
            required
            onChange={(event) => {
              setZipCode(event.currentTarget.value)
              onZipChange(event.currentTarget.value)
            }}
            field={fields.zipCode}
          />
        </div>
        <CheckboxField
          field={fields.saveAddress}
          label="Save this address to my account"
          className="mt-4"
        />
      </fieldset>
      {offer.delivery ? (
        <DeliveryDays
          zones={offer.delivery}
          selected={draft.slot}
          zipCode={zipCode}
          thisYear={thisYear}
          error={draft.shippingMethod === 'delivery' ? slotError : undefined}
        />
      ) : null}
      <div className="flex flex-wrap justify-between gap-3">
        <ButtonLink to="/cart" variant="secondary">
          Back to Cart
        </ButtonLink>
        <Button type="submit" name="intent" value="to-payment">
          Continue to Payment
        </Button>
      </div>
    </Form>
  )
}
