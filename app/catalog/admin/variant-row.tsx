import type { FieldMetadata } from '@conform-to/react'
import { ConfirmSubmitButton } from '~/platform/admin/ui/confirm-submit'
import { CheckboxField, TextField } from '~/platform/ui/field'
import type { VariantSlot } from './product-form'

// One option's row of the product form, and the unseen values the form carries.

/** A value as typed: text, or nothing (a forged post can make it a list). */
export function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/** A value the form carries unseen (what the stock was when the page loaded). */
export function HiddenField({ field }: { field: FieldMetadata<string | undefined> }) {
  return (
    <input
      key={field.key}
      type="hidden"
      name={field.name}
      defaultValue={text(field.initialValue)}
    />
  )
}

type VariantFields = FieldMetadata<VariantSlot>

export function VariantRow({
  row,
  index,
  removeButton,
}: {
  row: VariantFields
  index: number
  /** Conform's intent button taking this row out of the list (for a row not saved yet) */
  removeButton: React.ComponentProps<'button'>
}) {
  const option = row.getFieldset()
  const id = text(option.id.initialValue)
  const name = text(option.name.initialValue)
  const title = id ? `Option ${index + 1}` : `New option ${index + 1}`
  return (
    <fieldset className="grid gap-3 rounded-md border border-earth-100 p-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-start">
      <legend className="px-1 text-sm font-semibold text-muted">{title}</legend>
      {id ? <HiddenField field={option.id} /> : null}
      <HiddenField field={option.stockWas} />
      <TextField label="Option name" field={option.name} />
      <TextField label="Option price (dollars)" field={option.price} inputMode="decimal" />
      <TextField label="Option stock" field={option.stock} inputMode="numeric" />
      <TextField
        label="Option average weight (lb)"
        field={option.averageWeight}
        required={false}
        inputMode="decimal"
      />
      <div className="flex flex-col gap-2 sm:pt-6">
        <CheckboxField label="Available" field={option.available} />
        <CheckboxField label="Option sold by weight" field={option.soldByWeight} />
        <CheckboxField label="Subscribable" field={option.subscribable} />
        {id ? (
          <ConfirmSubmitButton
            form="remove-variant-form"
            name="variantId"
            value={id}
            title="Remove this option?"
            question={`Remove the option "${name}"? Old orders keep its name; carts and its waiting list lose it. Changes not yet saved on this page are lost.`}
            confirmLabel="Remove Option"
            className="text-left text-sm font-semibold text-red-800 underline underline-offset-2"
          >
            Remove<span className="sr-only"> option {name || index + 1}</span>
          </ConfirmSubmitButton>
        ) : (
          <button
            {...removeButton}
            className="text-left text-sm font-semibold text-red-800 underline underline-offset-2"
          >
            Remove<span className="sr-only"> new option {index + 1}</span>
          </button>
        )}
      </div>
    </fieldset>
  )
}
