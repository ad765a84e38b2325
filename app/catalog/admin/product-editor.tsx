import { type FieldMetadata, getFormProps } from '@conform-to/react'
import { Form } from 'react-router'
import { centsToDollarsInput } from '~/platform/admin/fields'
import { ConfirmSubmitButton } from '~/platform/admin/ui/confirm-submit'
import { type FormReply, useSchemaForm } from '~/platform/forms/conform'
import { UPLOAD_ACCEPT } from '~/platform/images/image-url'
import { Button } from '~/platform/ui/button'
import { CheckboxField, FieldError, FormMessage, TextField } from '~/platform/ui/field'
import { ResponsiveImage } from '~/platform/ui/responsive-image'
import { SelectField } from '~/platform/ui/select-field'
import { TextAreaField } from '~/platform/ui/text-area-field'
import { FREQUENCIES, FREQUENCY_LABELS, parseFrequencies } from '~/subscriptions/terms'
import { parseSeasonMonths } from '../in-season'
import { poundsInput } from '../weight'
import {
  BLANK_VARIANT_ROW,
  FREQUENCY_FIELDS,
  MAX_SUBSCRIBER_DISCOUNT,
  MAX_VARIANT_ROWS,
  ProductSchema,
  type VariantSlot,
} from './product-form'
import { SeasonField } from './season-field'

// The admin's product form, for a new product and for editing one. One plain multipart form
// (it works before JavaScript loads): the product's fields, its picture, and its options as a
// list of rows, with one empty row for a new option. "Add Another Option" and a new row's
// "Remove" change the list in place with JavaScript (Conform) and through the server without.
// After a mistake everything comes back as typed, the rows included, and a picture already
// chosen is kept (uploadedImage). A saved option is removed on the server, after a question.

export type ProductFormProduct = {
  id: string
  name: string
  description: string
  category: string
  price_cents: number
  unit: string
  image_url: string | null
  stock_quantity: number
  is_available: boolean
  local_only: boolean
  next_available_date: string | null
  expected_quantity: number | null
  sold_by_weight: boolean
  average_weight_centi_lb: number | null
  subscription_frequencies: string
  subscriber_discount_percent: number
  season_months: string
  variants: {
    id: string
    name: string
    price_cents: number
    stock_quantity: number
    is_available: boolean
    sold_by_weight: boolean
    average_weight_centi_lb: number | null
    subscribable: boolean
  }[]
}

/** 110 -> "1.10", null -> "": the average weight field's value (ADR 30). */
const poundsValue = (centiLb: number | null) => (centiLb === null ? '' : poundsInput(centiLb))

/** A check box's value as the form holds it. */
const ticked = (on: boolean) => (on ? 'on' : '')

/** The form's starting values: the product with a blank option row after its own, else blanks. */
function startingValues(product: ProductFormProduct | null) {
  if (!product) {
    return { unit: 'each', stock: '0', isAvailable: 'on', variants: [BLANK_VARIANT_ROW] }
  }
  const variants = product.variants.map((variant) => ({
    id: variant.id,
    name: variant.name,
    price: centsToDollarsInput(variant.price_cents),
    stock: String(variant.stock_quantity),
    stockWas: String(variant.stock_quantity),
    available: ticked(variant.is_available),
    soldByWeight: ticked(variant.sold_by_weight),
    averageWeight: poundsValue(variant.average_weight_centi_lb),
    subscribable: ticked(variant.subscribable),
  }))
  const offered = new Set(parseFrequencies(product.subscription_frequencies))
  return {
    name: product.name,
    description: product.description,
    category: product.category,
    price: centsToDollarsInput(product.price_cents),
    unit: product.unit,
    stock: String(product.stock_quantity),
    stockWas: String(product.stock_quantity),
    isAvailable: ticked(product.is_available),
    localOnly: ticked(product.local_only),
    soldByWeight: ticked(product.sold_by_weight),
    averageWeight: poundsValue(product.average_weight_centi_lb),
    nextAvailableDate: product.next_available_date ?? '',
    expectedQuantity: product.expected_quantity === null ? '' : String(product.expected_quantity),
    subscribeWeekly: ticked(offered.has('weekly')),
    subscribeBiweekly: ticked(offered.has('biweekly')),
    subscribeMonthly: ticked(offered.has('monthly')),
    subscriberDiscount: String(product.subscriber_discount_percent),
    seasonMonths: parseSeasonMonths(product.season_months).map(String),
    variants: variants.length < MAX_VARIANT_ROWS ? [...variants, BLANK_VARIANT_ROW] : variants,
  }
}

type VariantFields = FieldMetadata<VariantSlot>

export function ProductForm({
  product,
  categories,
  reply,
}: {
  product: ProductFormProduct | null
  categories: string[]
  /** The action's answer to the last post of this form */
  reply: FormReply | undefined
}) {
  const [form, fields] = useSchemaForm(ProductSchema, {
    id: 'product',
    lastResult: reply,
    defaultValue: startingValues(product),
  })
  const rows = fields.variants.getFieldList()
  const hasSavedOptions = (product?.variants.length ?? 0) > 0
  const categoryOptions = categories.map((category) => ({ value: category, label: category }))
  const errorCount = Object.entries(form.allErrors).filter(
    ([name, messages]) => name !== '' && messages.length > 0,
  ).length
  // Picture: the one the action stored from the last post, if any (kept across a mistake).
  const sentBack = reply?.initialValue?.uploadedImage
  const uploaded =
    typeof sentBack === 'string'
      ? sentBack
      : typeof fields.uploadedImage.initialValue === 'string'
        ? fields.uploadedImage.initialValue
        : null

  return (
    <>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="space-y-6"
      >
        {/* The button Enter presses: Save, not the first row's Remove or Add Another Option. */}
        <button
          type="submit"
          name="intent"
          value="save"
          tabIndex={-1}
          aria-hidden="true"
          className="sr-only"
        />
        {errorCount > 0 ? (
          <FormMessage tone="error">
            Please fix the {errorCount === 1 ? 'field' : `${errorCount} fields`} marked below.
            Nothing you typed was lost.
          </FormMessage>
        ) : null}
        <FormMessage tone="error">{form.errors?.[0]}</FormMessage>
        <section className="grid gap-4 rounded-lg border border-earth-100 bg-white p-5 sm:grid-cols-2">
          <h2 className="font-display text-lg font-bold text-ink sm:col-span-2">Product</h2>
          <TextField label="Name" field={fields.name} className="sm:col-span-2" />
          <TextAreaField
            label="Description"
            field={fields.description}
            rows={4}
            className="sm:col-span-2"
          />
          <SelectField
            label="Category"
            field={fields.category}
            placeholder="Choose a category"
            options={categoryOptions}
          />
          <TextField
            label="Or a new category"
            field={fields.newCategory}
            hint="Type a name here to start a new category."
          />
          <TextField label="Price (dollars)" field={fields.price} inputMode="decimal" />
          <TextField
            label="Unit"
            field={fields.unit}
            hint="What the price is for: each, lb, dozen, share."
          />
          <TextField
            label="Stock"
            field={fields.stock}
            inputMode="numeric"
            readOnly={hasSavedOptions}
            hint={
              hasSavedOptions
                ? 'The total of the options below; change their stock there.'
                : 'How many you can sell now. A product with options uses their stock instead.'
            }
          />
          <HiddenField field={fields.stockWas} />
          <CheckboxField
            label="Available in the shop"
            field={fields.isAvailable}
            className="self-center"
          />
          <CheckboxField
            label="Pickup or local delivery only"
            field={fields.localOnly}
            className="self-center"
          />
          <CheckboxField
            label="Sold by weight"
            field={fields.soldByWeight}
            className="self-center"
          />
          <TextField
            label="Average weight (lb)"
            field={fields.averageWeight}
            required={false}
            inputMode="decimal"
            hint="Sold by weight: the price is per lb, a piece weighs about this much, and the customer pays for its exact weight."
          />
          <TextField
            label="Next available date"
            field={fields.nextAvailableDate}
            type="date"
            hint="When more is expected; shown to shoppers when it is sold out."
          />
          <TextField
            label="Expected quantity"
            field={fields.expectedQuantity}
            required={false}
            inputMode="numeric"
            hint="About how many are coming; leave empty if you do not know."
          />
        </section>

        <fieldset
          className="grid gap-4 rounded-lg border border-earth-100 bg-white p-5 sm:grid-cols-2"
          aria-describedby="subscriptions-help"
        >
          <legend className="float-left font-display text-lg font-bold text-ink sm:col-span-2">
            Subscriptions
          </legend>
          <p id="subscriptions-help" className="clear-left text-sm text-muted sm:col-span-2">
            Tick how often customers may get this as a recurring box. Leave all unticked to sell it
            one time only. Options can be left out below.
          </p>
          <div className="flex flex-col gap-2">
            {FREQUENCIES.map((frequency) => (
              <CheckboxField
                key={frequency}
                label={FREQUENCY_LABELS[frequency]}
                field={fields[FREQUENCY_FIELDS[frequency]]}
              />
            ))}
          </div>
          <TextField
            label="Subscriber discount (%)"
            field={fields.subscriberDiscount}
            required={false}
            inputMode="numeric"
            hint={`Whole percent off each subscribed box, 0 to ${MAX_SUBSCRIBER_DISCOUNT}.`}
          />
        </fieldset>

        <SeasonField field={fields.seasonMonths} />

        <PictureField
          current={product?.image_url ?? null}
          uploaded={uploaded}
          productName={product?.name ?? text(fields.name.initialValue)}
          error={form.allErrors.image?.[0]}
        />

        <fieldset
          id="options"
          className="space-y-4 rounded-lg border border-earth-100 bg-white p-5"
          aria-describedby="options-help"
        >
          <legend className="float-left font-display text-lg font-bold text-ink">Options</legend>
          <p id="options-help" className="clear-left text-sm text-muted">
            Sizes or shares with their own price and stock, like "Half Share". Leave a row empty to
            skip it. A product without options uses its own price and stock.
          </p>
          <FieldError id="options-error" message={fields.variants.errors?.[0]} />
          {rows.map((row, index) => (
            <VariantRow
              key={row.key}
              row={row}
              index={index}
              removeButton={form.remove.getButtonProps({ name: fields.variants.name, index })}
            />
          ))}
          {rows.length < MAX_VARIANT_ROWS ? (
            <Button
              variant="secondary"
              {...form.insert.getButtonProps({
                name: fields.variants.name,
                defaultValue: BLANK_VARIANT_ROW,
              })}
            >
              Add Another Option
            </Button>
          ) : null}
        </fieldset>

        <Button type="submit" name="intent" value="save">
          Save Product
        </Button>
      </Form>
      {/* Removing a saved option is its own form (forms cannot nest); each Remove button names it. */}
      <Form method="post" id="remove-variant-form" className="hidden">
        <input type="hidden" name="intent" value="remove-variant" />
      </Form>
    </>
  )
}

/** A value as typed: text, or nothing (a forged post can make it a list). */
function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/** A value the form carries unseen (what the stock was when the page loaded). */
function HiddenField({ field }: { field: FieldMetadata<string | undefined> }) {
  return (
    <input
      key={field.key}
      type="hidden"
      name={field.name}
      defaultValue={text(field.initialValue)}
    />
  )
}

function VariantRow({
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

function PictureField({
  current,
  uploaded,
  productName,
  error,
}: {
  current: string | null
  uploaded: string | null
  productName: string
  error?: string
}) {
  const shown = uploaded ?? current
  return (
    <section className="grid gap-4 rounded-lg border border-earth-100 bg-white p-5 sm:grid-cols-[12rem_1fr]">
      <h2 className="font-display text-lg font-bold text-ink sm:col-span-2">Picture</h2>
      {shown ? (
        <div className="w-48">
          <ResponsiveImage
            src={shown}
            alt={productName ? `Picture of ${productName}` : 'Product picture'}
            width={192}
            height={144}
            sizes="192px"
            className="h-36 w-48 rounded object-cover"
          />
          <p className="mt-1 text-xs text-muted">
            {uploaded ? 'New picture, saved with the product.' : 'Current picture.'}
          </p>
        </div>
      ) : (
        <p className="text-sm text-muted">No picture yet.</p>
      )}
      <div>
        {uploaded ? <input type="hidden" name="uploadedImage" value={uploaded} /> : null}
        <PictureInput error={error} keepsCurrent={Boolean(shown)} />
      </div>
    </section>
  )
}

function PictureInput({ error, keepsCurrent }: { error?: string; keepsCurrent: boolean }) {
  const id = 'product-image'
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {keepsCurrent ? 'Choose a new picture' : 'Choose a picture'}
      </label>
      <input
        id={id}
        name="image"
        type="file"
        accept={UPLOAD_ACCEPT}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className="mt-1 block w-full text-sm text-ink file:mr-3 file:rounded-md file:border file:border-stone-500 file:bg-earth-50 file:px-3 file:py-1.5 file:font-semibold"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        JPEG, PNG, WebP or AVIF, up to 20 MB; the shop resizes it.
        {keepsCurrent ? ' Leave empty to keep the picture shown.' : ''}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}
