import { type CheckoutDraft, type checkoutView, DRAFT_TEXT_FIELDS } from './checkout'

// What the three checkout steps share: the view they are shown, the draft's hidden fields and
// the cards' look.

export type PaymentOption = { id: string; label: string; description: string }

export type CheckoutView = ReturnType<typeof checkoutView>

/** Hidden copies of the draft's fields, except those the step shows itself. */
export function DraftFields({
  draft,
  except = [],
}: {
  draft: CheckoutDraft
  except?: ReadonlyArray<keyof CheckoutDraft>
}) {
  return (
    <>
      {DRAFT_TEXT_FIELDS.filter((name) => !except.includes(name)).map((name) => (
        <input key={name} type="hidden" name={name} value={draft[name]} />
      ))}
      {!except.includes('saveAddress') && draft.saveAddress ? (
        <input type="hidden" name="saveAddress" value="on" />
      ) : null}
    </>
  )
}

export const cardClass = 'rounded-lg border border-earth-100 bg-white p-6 shadow-sm'
export const legendClass = 'font-display text-xl font-bold text-ink'
