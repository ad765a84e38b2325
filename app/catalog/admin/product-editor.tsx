import { type FormEvent, useEffect, useState } from 'react'
import { Form } from 'react-router'
import { centsToDollarsInput } from '~/platform/admin/fields'
import { ConfirmSubmitButton } from '~/platform/admin/ui/confirm-submit'
import type { FieldErrors } from '~/platform/forms/form-data'
import { Button } from '~/platform/ui/button'
import { CheckboxField, FieldError, FormMessage, TextField } from '~/platform/ui/field'
import { ResponsiveImage } from '~/platform/ui/responsive-image'
import { SelectField } from '~/platform/ui/select-field'
import { TextAreaField } from '~/platform/ui/text-area-field'
import {
  BLANK_VARIANT_ROW,
  MAX_VARIANT_ROWS,
  parseProductForm,
  type VariantRowValues,
  variantField,
  variantRowsFrom,
} from './product-form'

// The admin's product form, for a new product and for editing one. One plain multipart form
// (it works before JavaScript loads): the product's fields, its picture, and its options as
// rows, with one empty row for a new option. "Add Another Option" adds a row (in place with
// JavaScript, through the server without). After a mistake everything comes back as typed,
// the rows included, and a picture already chosen is kept (uploadedImage).

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
  variants: {
    id: string
    name: string
    price_cents: number
    stock_quantity: number
    is_available: boolean
  }[]
}

/** The form's starting values: what the action sent back, else the product, else blanks. */
function startingValues(product: ProductFormProduct | null): Record<string, string> {
  if (!product) return { unit: 'each', stock: '0', isAvailable: 'on' }
  const values: Record<string, string> = {
    name: product.name,
    description: product.description,
    category: product.category,
    price: centsToDollarsInput(product.price_cents),
    unit: product.unit,
    stock: String(product.stock_quantity),
    stockWas: String(product.stock_quantity),
    nextAvailableDate: product.next_available_date ?? '',
    expectedQuantity: product.expected_quantity === null ? '' : String(product.expected_quantity),
  }
  if (product.is_available) values.isAvailable = 'on'
  if (product.local_only) values.localOnly = 'on'
  product.variants.forEach((variant, row) => {
    values[variantField(row, 'id')] = variant.id
    values[variantField(row, 'name')] = variant.name
    values[variantField(row, 'price')] = centsToDollarsInput(variant.price_cents)
    values[variantField(row, 'stock')] = String(variant.stock_quantity)
    values[variantField(row, 'stockWas')] = String(variant.stock_quantity)
    if (variant.is_available) values[variantField(row, 'available')] = 'on'
  })
  return values
}

function withBlankRow(rows: VariantRowValues[], extra: number): VariantRowValues[] {
  const last = rows.at(-1)
  const needsBlank = !last || last.id || last.name || last.price || last.stock
  // "Add Another Option" adds one row: the blank row it needs, or one after the blank row.
  const blanks = needsBlank ? Math.max(1, extra) : extra
  return [...rows, ...Array.from({ length: blanks }, () => ({ ...BLANK_VARIANT_ROW }))].slice(
    0,
    MAX_VARIANT_ROWS,
  )
}

export function ProductForm({
  product,
  categories,
  values: sentBack,
  fieldErrors,
  extraRows = 0,
  message,
}: {
  product: ProductFormProduct | null
  categories: string[]
  /** What was typed, when the action sent the form back */
  values: Record<string, string> | null
  fieldErrors: FieldErrors
  /** Blank option rows asked for with "Add Another Option" (without JavaScript) */
  extraRows?: number
  message?: string | null
}) {
  const values = sentBack ?? startingValues(product)
  const [rows, setRows] = useState(() => withBlankRow(variantRowsFrom(values), extraRows))
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const errors = clientErrors ?? fieldErrors
  const hasSavedOptions = (product?.variants.length ?? 0) > 0
  const categoryOptions = categories.map((category) => ({ value: category, label: category }))
  const errorCount = Object.keys(errors).length

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    if (submitter?.getAttribute('value') === 'add-variant') return
    const typed: Record<string, string> = {}
    for (const [key, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string') typed[key] = value
    }
    const result = parseProductForm(typed)
    if (result.ok) {
      setClientErrors(null)
    } else {
      event.preventDefault()
      setClientErrors(result.fieldErrors)
    }
  }

  return (
    <>
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        onSubmit={onSubmit}
        className="space-y-6"
      >
        {errorCount > 0 ? (
          <FormMessage tone="error">
            Please fix the {errorCount === 1 ? 'field' : `${errorCount} fields`} marked below.
            Nothing you typed was lost.
          </FormMessage>
        ) : null}
        {message ? <FormMessage tone="error">{message}</FormMessage> : null}
        <section className="grid gap-4 rounded-lg border border-earth-100 bg-white p-5 sm:grid-cols-2">
          <h2 className="font-display text-lg font-bold text-ink sm:col-span-2">Product</h2>
          <TextField
            label="Name"
            name="name"
            defaultValue={values.name ?? ''}
            error={errors.name}
            className="sm:col-span-2"
            required
          />
          <TextAreaField
            label="Description"
            name="description"
            rows={4}
            defaultValue={values.description ?? ''}
            error={errors.description}
            className="sm:col-span-2"
          />
          <SelectField
            label="Category"
            name="category"
            placeholder="Choose a category"
            options={categoryOptions}
            defaultValue={values.category ?? ''}
            error={errors.category}
          />
          <TextField
            label="Or a new category"
            name="newCategory"
            hint="Type a name here to start a new category."
            defaultValue={values.newCategory ?? ''}
            error={errors.newCategory}
          />
          <TextField
            label="Price (dollars)"
            name="price"
            inputMode="decimal"
            defaultValue={values.price ?? ''}
            error={errors.price}
            required
          />
          <TextField
            label="Unit"
            name="unit"
            hint="What the price is for: each, lb, dozen, share."
            defaultValue={values.unit ?? ''}
            error={errors.unit}
            required
          />
          <TextField
            label="Stock"
            name="stock"
            inputMode="numeric"
            readOnly={hasSavedOptions}
            hint={
              hasSavedOptions
                ? 'The total of the options below; change their stock there.'
                : 'How many you can sell now. A product with options uses their stock instead.'
            }
            defaultValue={values.stock ?? ''}
            error={errors.stock}
          />
          <input type="hidden" name="stockWas" value={values.stockWas ?? ''} />
          <CheckboxField
            label="Available in the shop"
            name="isAvailable"
            defaultChecked={values.isAvailable !== undefined && values.isAvailable !== ''}
            className="self-center"
          />
          <CheckboxField
            label="Pickup or local delivery only"
            name="localOnly"
            defaultChecked={values.localOnly !== undefined && values.localOnly !== ''}
            className="self-center"
          />
          <TextField
            label="Next available date"
            name="nextAvailableDate"
            type="date"
            hint="When more is expected; shown to shoppers when it is sold out."
            defaultValue={values.nextAvailableDate ?? ''}
            error={errors.nextAvailableDate}
          />
          <TextField
            label="Expected quantity"
            name="expectedQuantity"
            inputMode="numeric"
            hint="About how many are coming; leave empty if you do not know."
            defaultValue={values.expectedQuantity ?? ''}
            error={errors.expectedQuantity}
          />
        </section>

        <PictureField
          current={product?.image_url ?? null}
          uploaded={values.uploadedImage ?? null}
          productName={product?.name ?? values.name ?? ''}
          error={errors.image}
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
          {rows.map((row, index) => (
            <VariantRow
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are only ever added at the end, so the index is a stable key
              key={index}
              row={row}
              index={index}
              errors={errors}
            />
          ))}
          {rows.length < MAX_VARIANT_ROWS ? (
            <Button
              type={hydrated ? 'button' : 'submit'}
              name="intent"
              value="add-variant"
              variant="secondary"
              onClick={(event) => {
                if (!hydrated) return
                event.preventDefault()
                setRows((current) => [...current, { ...BLANK_VARIANT_ROW }])
              }}
            >
              Add Another Option
            </Button>
          ) : null}
        </fieldset>

        <Button type="submit" name="intent" value="save">
          Save Product
        </Button>
      </Form>
      {/* Removing an option is its own form (forms cannot nest); each Remove button names it. */}
      <Form method="post" id="remove-variant-form" className="hidden">
        <input type="hidden" name="intent" value="remove-variant" />
      </Form>
    </>
  )
}

function VariantRow({
  row,
  index,
  errors,
}: {
  row: VariantRowValues
  index: number
  errors: FieldErrors
}) {
  const field = (name: keyof VariantRowValues) => variantField(index, name)
  const title = row.id ? `Option ${index + 1}` : `New option ${index + 1}`
  return (
    <fieldset className="grid gap-3 rounded-md border border-earth-100 p-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-start">
      <legend className="px-1 text-sm font-semibold text-muted">{title}</legend>
      {row.id ? <input type="hidden" name={field('id')} value={row.id} /> : null}
      <input type="hidden" name={field('stockWas')} value={row.stockWas} />
      <TextField
        label="Option name"
        name={field('name')}
        defaultValue={row.name}
        error={errors[field('name')]}
      />
      <TextField
        label="Option price (dollars)"
        name={field('price')}
        inputMode="decimal"
        defaultValue={row.price}
        error={errors[field('price')]}
      />
      <TextField
        label="Option stock"
        name={field('stock')}
        inputMode="numeric"
        defaultValue={row.stock}
        error={errors[field('stock')]}
      />
      <div className="flex flex-col gap-2 sm:pt-6">
        <CheckboxField label="Available" name={field('available')} defaultChecked={row.available} />
        {row.id ? (
          <ConfirmSubmitButton
            form="remove-variant-form"
            name="variantId"
            value={row.id}
            title="Remove this option?"
            question={`Remove the option "${row.name}"? Old orders keep its name; carts and its waiting list lose it. Changes not yet saved on this page are lost.`}
            confirmLabel="Remove Option"
            className="text-left text-sm font-semibold text-red-800 underline underline-offset-2"
          >
            Remove<span className="sr-only"> option {row.name || index + 1}</span>
          </ConfirmSubmitButton>
        ) : null}
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
        accept="image/jpeg,image/png,image/webp,image/avif"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className="mt-1 block w-full text-sm text-ink file:mr-3 file:rounded-md file:border file:border-stone-400 file:bg-earth-50 file:px-3 file:py-1.5 file:font-semibold"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        JPEG, PNG, WebP or AVIF, up to 20 MB; the shop resizes it.
        {keepsCurrent ? ' Leave empty to keep the picture shown.' : ''}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}
