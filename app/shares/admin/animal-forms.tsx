import { getFormProps } from '@conform-to/react'
import { Form } from 'react-router'
import type { getAnimalWindow } from '~/fulfilment/share-pickup.server'
import { centsToDollarsInput } from '~/platform/admin/fields'
import { AdminPanel } from '~/platform/admin/ui/page'
import { type FormReply, useSchemaForm } from '~/platform/forms/conform'
import { FormMessage, TextField } from '~/platform/ui/field'
import { SelectField } from '~/platform/ui/select-field'
import { StatusButton } from '~/platform/ui/status-button'
import { formatPounds } from '../balance'
import { AnimalSchema, HangingWeightSchema } from './animal-form'
import type { AnimalRow } from './animals.server'

// The animal page's two forms: the animal with its pickup, and the butcher's hanging weight.

type AnimalWindow = NonNullable<Awaited<ReturnType<typeof getAnimalWindow>>>

export function AnimalForm({
  animal,
  pickup,
  products,
  places,
  reply,
  saved,
  submitting,
}: {
  animal: AnimalRow | null
  pickup: AnimalWindow | null
  products: ReadonlyArray<{ id: string; name: string }>
  places: ReadonlyArray<{ id: string; name: string }>
  reply: FormReply | undefined
  saved: boolean
  submitting: boolean
}) {
  const [form, fields] = useSchemaForm(AnimalSchema, {
    id: 'animal',
    lastResult: reply,
    defaultValue: animal
      ? {
          name: animal.name,
          product_id: animal.product_id,
          price_per_lb: centsToDollarsInput(animal.price_per_lb_hanging_cents),
          processing_fee: centsToDollarsInput(animal.processing_fee_cents),
          cut_sheet_cutoff: animal.cut_sheet_cutoff,
          pickup_date: animal.pickup_date,
          pickup_place_id: pickup?.placeId ?? '',
          pickup_start: pickup?.startTime ?? '',
          pickup_end: pickup?.endTime ?? '',
          pickup_capacity: pickup?.capacity === null ? '' : String(pickup?.capacity ?? ''),
        }
      : { pickup_place_id: places.length === 1 ? (places[0]?.id ?? '') : '' },
  })
  const failed = Object.keys(form.allErrors).length > 0
  const success = reply?.status === 'success' ? reply.message : saved ? 'Animal saved.' : null
  return (
    <AdminPanel title="Animal">
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        {failed ? (
          <FormMessage tone="error">
            {form.errors?.[0] ?? 'Please fix the fields marked below.'}
          </FormMessage>
        ) : success ? (
          <FormMessage tone="success">{success}</FormMessage>
        ) : null}
        <input type="hidden" name="intent" value="save" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name"
            field={fields.name}
            hint='As customers see it, like "Steer #14".'
          />
          {animal ? (
            <div>
              <p className="text-sm font-semibold text-ink">Share product</p>
              <p className="mt-2 text-ink">{animal.product_name}</p>
              <input type="hidden" name={fields.product_id.name} value={animal.product_id} />
            </div>
          ) : (
            <SelectField
              label="Share product"
              field={fields.product_id}
              placeholder="Choose a product"
              options={products.map((product) => ({ value: product.id, label: product.name }))}
            />
          )}
          <TextField
            label="Price per lb of hanging weight ($)"
            field={fields.price_per_lb}
            inputMode="decimal"
          />
          <TextField
            label="Processing fee per quarter ($)"
            field={fields.processing_fee}
            inputMode="decimal"
            hint="A half pays it twice, a whole four times."
          />
          <TextField
            label="Cut sheet cut-off"
            field={fields.cut_sheet_cutoff}
            type="date"
            hint="Customers can change their cut sheets until the end of this day, Idaho time."
          />
          <TextField
            label="Pickup date"
            field={fields.pickup_date}
            type="date"
            hint="Shares are collected on this day only, not in the weekly pickup windows."
          />
          <SelectField
            label="Pickup place"
            field={fields.pickup_place_id}
            placeholder="Choose a place"
            options={places.map((place) => ({ value: place.id, label: place.name }))}
          />
          <TextField label="Pickup starts" field={fields.pickup_start} type="time" />
          <TextField label="Pickup ends" field={fields.pickup_end} type="time" />
          <TextField
            label="Shares collected at most (optional)"
            field={fields.pickup_capacity}
            inputMode="numeric"
            hint="Orders that can be collected in this pickup; empty for no limit."
          />
        </div>
        <StatusButton
          type="submit"
          status={submitting ? 'pending' : 'idle'}
          pendingText="Saving..."
        >
          {animal ? 'Save Animal' : 'Add Animal'}
        </StatusButton>
      </Form>
    </AdminPanel>
  )
}

export function HangingWeightForm({
  weighed,
  reply,
  submitting,
  shares,
}: {
  weighed: number | null
  reply: FormReply | undefined
  submitting: boolean
  shares: number
}) {
  const [form, fields] = useSchemaForm(HangingWeightSchema, {
    id: 'hanging-weight',
    lastResult: reply,
    defaultValue: weighed === null ? undefined : { hanging_weight: String(weighed / 100) },
  })
  const failed = Object.keys(form.allErrors).length > 0
  return (
    <AdminPanel title="Hanging Weight">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {failed ? (
          <FormMessage tone="error">{form.errors?.[0] ?? 'Please fix the weight.'}</FormMessage>
        ) : reply?.status === 'success' ? (
          <FormMessage tone="success">{reply.message}</FormMessage>
        ) : null}
        <p className="text-sm text-muted">
          {weighed === null
            ? `Saving it closes sales, works out every share's balance and emails the ${shares === 1 ? 'share-holder' : `${shares} share-holders`} their balance, a link to pay by card or at pickup, and the pickup date.`
            : `Weighed at ${formatPounds(weighed)}. A correction recomputes the balances and emails everyone again, until a balance has been paid.`}
        </p>
        <input type="hidden" name="intent" value="weigh" />
        <TextField
          label="Hanging weight (lb)"
          field={fields.hanging_weight}
          inputMode="decimal"
          className="max-w-xs"
        />
        <StatusButton type="submit" status={submitting ? 'pending' : 'idle'}>
          {weighed === null ? 'Save Weight and Email Balances' : 'Correct Weight'}
        </StatusButton>
      </Form>
    </AdminPanel>
  )
}
