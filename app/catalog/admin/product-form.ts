import { z } from 'zod'
import {
  checkbox,
  dollars,
  optionalDate,
  optionalText,
  requiredText,
  wholeNumber,
} from '~/platform/admin/fields'
import type { FieldErrors } from '~/platform/forms/form-data'

// The admin's product form (issue 6 item 4), browser-safe: the same schema checks the form in
// the browser and again in the action. The form is flat HTML: the product's fields by name,
// and each option (variant) row as `variants.<row>.<field>`. Rows left completely empty are
// skipped, so the form can always offer a blank row for a new option.

export const MAX_STOCK = 100_000
export const MAX_VARIANT_ROWS = 30
const NEW_CATEGORY_MAX = 60

/** Hidden "what the stock was when the page loaded": a stock left as it was is not written. */
const stockWas = z
  .string()
  .optional()
  .transform((text) => (text && /^\d{1,7}$/.test(text) ? Number(text) : null))

const optionalWholeNumber = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((text) => text ?? '')
    .pipe(z.union([z.literal('').transform(() => null), wholeNumber(label, { max: MAX_STOCK })]))

/** An uploaded picture already stored (kept when the form came back with a mistake). */
const uploadedImage = z
  .string()
  .optional()
  .transform((text) => (text && /^\/images\/[A-Za-z0-9._-]{1,200}$/.test(text) ? text : null))

export const ProductFieldsSchema = z
  .object({
    name: requiredText('product name', 120),
    description: optionalText('description', 5000).transform((text) => text ?? ''),
    category: optionalText('category', NEW_CATEGORY_MAX),
    newCategory: optionalText('new category', NEW_CATEGORY_MAX),
    price: dollars('price', { max: 100_000 }),
    unit: requiredText('unit', 40),
    isAvailable: checkbox,
    /** pickup or local delivery only (frozen meat, eggs): never parcel-shipped */
    localOnly: checkbox,
    nextAvailableDate: optionalDate('next available date'),
    expectedQuantity: optionalWholeNumber('expected quantity'),
    stock: wholeNumber('stock', { max: MAX_STOCK }),
    stockWas,
    uploadedImage,
  })
  .superRefine((form, ctx) => {
    if (!form.category && !form.newCategory) {
      ctx.addIssue({
        code: 'custom',
        path: ['category'],
        message: 'Choose a category or type a new one.',
      })
    }
  })
  .transform(({ category, newCategory, ...rest }) => ({
    ...rest,
    // A new category typed in wins over the list: that is why someone typed it.
    category: (newCategory ?? category) as string,
  }))

export const VariantRowSchema = z.object({
  id: z
    .string()
    .max(100)
    .optional()
    .transform((text) => text || null),
  name: requiredText('option name', 80),
  price: dollars('option price', { max: 100_000 }),
  stock: wholeNumber('option stock', { max: MAX_STOCK }),
  stockWas,
  available: checkbox,
})

export type ProductFields = z.output<typeof ProductFieldsSchema>
export type VariantInput = z.output<typeof VariantRowSchema>
/** A checked option row, with the row it came from (for a message next to it). */
export type VariantRowInput = VariantInput & { row: number }
export type ProductInput = ProductFields & { variants: VariantRowInput[] }

/** One option row as typed (strings), for showing the form again. */
export type VariantRowValues = {
  id: string
  name: string
  price: string
  stock: string
  stockWas: string
  available: boolean
}

export const BLANK_VARIANT_ROW: VariantRowValues = {
  id: '',
  name: '',
  price: '',
  stock: '',
  stockWas: '',
  available: true,
}

/** The form's field name for one option field: `variants.2.price`. */
export function variantField(row: number, field: keyof VariantRowValues): string {
  return `variants.${row}.${field}`
}

const VARIANT_KEY = /^variants\.(\d{1,3})\.(id|name|price|stock|stockWas|available)$/

/** The option rows in a submitted form, in row order, as typed. */
export function variantRowsFrom(values: Record<string, string>): VariantRowValues[] {
  const rows = new Map<number, VariantRowValues>()
  for (const [key, value] of Object.entries(values)) {
    const match = VARIANT_KEY.exec(key)
    if (!match) continue
    const index = Number(match[1])
    if (index >= MAX_VARIANT_ROWS) continue
    const field = match[2] as keyof VariantRowValues
    const row = rows.get(index) ?? { ...BLANK_VARIANT_ROW, available: false }
    if (field === 'available') row.available = value !== '' && value !== 'false'
    else row[field] = value
    rows.set(index, row)
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row)
}

function isBlank(row: VariantRowValues): boolean {
  return !row.id && !row.name.trim() && !row.price.trim() && !row.stock.trim()
}

export type ProductFormResult =
  | { ok: true; data: ProductInput }
  | { ok: false; fieldErrors: FieldErrors }

/**
 * Checks the whole form. Errors are keyed by field name (`price`, `variants.1.price`), so each
 * message shows next to its field; the rows are numbered as submitted.
 */
export function parseProductForm(values: Record<string, string>): ProductFormResult {
  const fieldErrors: FieldErrors = {}
  const product = ProductFieldsSchema.safeParse(values)
  if (!product.success) {
    for (const issue of product.error.issues)
      fieldErrors[String(issue.path[0] ?? 'form')] ??= issue.message
  }
  const variants: VariantRowInput[] = []
  const names = new Set<string>()
  variantRowsFrom(values).forEach((row, index) => {
    if (isBlank(row)) return
    const parsed = VariantRowSchema.safeParse({
      ...row,
      available: row.available ? 'on' : undefined,
    })
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        fieldErrors[variantField(index, issue.path[0] as keyof VariantRowValues)] ??= issue.message
      }
      return
    }
    const key = parsed.data.name.toLowerCase()
    if (names.has(key)) {
      fieldErrors[variantField(index, 'name')] = 'Two options have this name; give each its own.'
      return
    }
    names.add(key)
    variants.push({ ...parsed.data, row: index })
  })
  if (!product.success || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors }
  return { ok: true, data: { ...product.data, variants } }
}

/** The stock quick-adjust form on the products list (products without options). */
export const StockAdjustSchema = z.object({
  intent: z.literal('set-stock'),
  productId: z.string().min(1).max(100),
  stock: wholeNumber('stock', { max: MAX_STOCK }),
})

/** The product pages' buttons; a form sent by Enter carries no intent and means Save. */
export const ProductIntentSchema = z
  .enum(['save', 'add-variant', 'remove-variant', 'archive', 'unarchive'])
  .optional()
  .transform((intent) => intent ?? 'save')
