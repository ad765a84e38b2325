import { getFormProps } from '@conform-to/react'
import { Form } from 'react-router'
import { formatPounds, poundsInput } from '~/catalog/weight'
import { type FormReply, useSchemaForm } from '~/platform/forms/conform'
import { Button } from '~/platform/ui/button'
import type { FormField } from '~/platform/ui/field'
import { FormMessage, TextField } from '~/platform/ui/field'
import { formatCents } from '~/platform/ui/price'
import {
  WEIGH_INTENT,
  type WeighingView,
  WeighSchema,
  weighFormId,
  weightFieldLabel,
  weightFieldName,
} from './weights'

// The weighing form of one order (ADR 30), on the pack list and the admin order page: one
// field per by-weight piece, "Ribeye piece 1 weight (lb)". Saved pieces come back filled in;
// once all are weighed the server prices the order on them. A plain post without JavaScript.

export function WeighForm({
  view,
  reply,
  orderNumber,
  busy = false,
}: {
  view: WeighingView
  reply?: FormReply
  /** "FS-10042": names the fieldset on a page of many orders */
  orderNumber: string
  busy?: boolean
}) {
  const id = weighFormId(view.orderId)
  const ours = reply?.form === id ? reply : undefined
  const defaultValue: Record<string, string> = {}
  for (const item of view.items) {
    item.weights.forEach((weight, index) => {
      if (weight !== null) defaultValue[weightFieldName(item.id, index + 1)] = poundsInput(weight)
    })
  }
  const [form, fields] = useSchemaForm(WeighSchema, { id, lastResult: ours, defaultValue })
  const field = (name: string) => (fields as unknown as Record<string, FormField>)[name]
  const error = ours?.status === 'success' ? null : ours?.error?.['']?.[0]
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
      <input type="hidden" name="intent" value={WEIGH_INTENT} />
      <input type="hidden" name="orderId" value={view.orderId} />
      {ours?.status === 'success' && ours.message ? (
        <FormMessage tone="success">{ours.message}</FormMessage>
      ) : null}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <fieldset>
        <legend className="font-semibold text-ink">
          {`Weights for ${orderNumber}`}
          {view.maximumCents !== null ? (
            <span className="font-normal text-muted">{` (at most ${formatCents(view.maximumCents)} in all)`}</span>
          ) : null}
        </legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {view.items.flatMap((item) =>
            item.weights.map((_, index) => {
              const piece = index + 1
              const name = weightFieldName(item.id, piece)
              return (
                <TextField
                  key={name}
                  label={weightFieldLabel(item.name, piece)}
                  field={field(name)}
                  name={name}
                  inputMode="decimal"
                  autoComplete="off"
                  disabled={!view.editable}
                  hint={`About ${formatPounds(item.averageWeightCentiLb)} lb, ${formatCents(item.pricePerLbCents)}/lb`}
                />
              )
            }),
          )}
        </div>
      </fieldset>
      {view.editable ? (
        <Button type="submit" disabled={busy} aria-label={`Save weights for ${orderNumber}`}>
          Save weights
        </Button>
      ) : null}
    </Form>
  )
}
