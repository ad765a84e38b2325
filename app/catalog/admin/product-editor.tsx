import { getFormProps } from '@conform-to/react'
import { Form } from 'react-router'
import { FREQUENCIES, FREQUENCY_LABELS } from '~/catalog/subscription-terms'
import { type FormReply, useSchemaForm } from '~/platform/forms/conform'
import { Button } from '~/platform/ui/button'
import { CheckboxField, FieldError, FormMessage, TextField } from '~/platform/ui/field'
import { SelectField } from '~/platform/ui/select-field'
import { TextAreaField } from '~/platform/ui/text-area-field'
import { type ProductFormProduct, startingValues } from './product-editor-values'
import {
  BLANK_VARIANT_ROW,
  FREQUENCY_FIELDS,
  MAX_SUBSCRIBER_DISCOUNT,
  MAX_VARIANT_ROWS,
  ProductSchema,
} from './product-form'
import { PictureField } from './product-picture-field'
import { SeasonField } from './season-field'
import { HiddenField, text, VariantRow } from './variant-row'

// The admin's product form, for a new product and for editing one. One plain multipart form
// (it works before JavaScript loads): the product's fields, its picture, and its options as a
// list of rows, with one empty row for a new option. "Add Another Option" and a new row's
// "Remove" change the list in place with JavaScript (Conform) and through the server without.
// After a mistake everything comes back as typed, the rows included, and a picture already
// chosen is kept (uploadedImage). A saved option is removed on the server, after a question.

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
