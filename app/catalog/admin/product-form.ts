import { z } from 'zod'
import {
  checkbox,
  dollars,
  optionalDate,
  optionalText,
  requiredText,
  wholeNumber,
} from '~/platform/admin/fields'
import { FREQUENCIES, type Frequency, formatFrequencies } from '~/subscriptions/terms'
import { MAX_PIECE_CENTI_LB, parsePounds } from '../weight'
import { SeasonMonthsField } from './season-months-field'

// The admin's product form (issue 6 item 4), browser-safe: one schema checks the form in the
// browser and again in the action (a Conform form). The product's fields go by name, and each
// option (variant) row is a list item, `variants[<row>].<field>`. Rows left completely empty
// are skipped, so the form can always offer a blank row for a new option.

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

export const AVERAGE_WEIGHT_INVALID = `Enter the average weight of a piece in lb with at most 2 decimals, more than 0 and at most ${MAX_PIECE_CENTI_LB / 100}, like 1.10.`
export const AVERAGE_WEIGHT_REQUIRED =
  'Sold by weight needs the average weight of a piece, like 1.10 (lb).'

/** "1.10" (lb) -> 110 hundredths of a lb, or null when left empty (ADR 30). */
const optionalPounds = z
  .string()
  .trim()
  .max(20, AVERAGE_WEIGHT_INVALID)
  .optional()
  .transform((text, ctx) => {
    if (!text) return null
    const centiLb = parsePounds(text)
    if (centiLb === null || centiLb === 0 || centiLb > MAX_PIECE_CENTI_LB) {
      ctx.addIssue({ code: 'custom', message: AVERAGE_WEIGHT_INVALID })
      return z.NEVER
    }
    return centiLb
  })

/** Sold by weight needs an average; the checkbox's field carries the complaint. */
function requireAverage(
  form: { soldByWeight: boolean; averageWeight: number | null },
  ctx: z.RefinementCtx,
  path: (string | number)[] = [],
) {
  if (form.soldByWeight && form.averageWeight === null) {
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'averageWeight'],
      message: AVERAGE_WEIGHT_REQUIRED,
    })
  }
}

/** An uploaded picture already stored (kept when the form came back with a mistake). */
/**
 * Subscriptions (issue 21, ADR 32): one box per frequency offered, named by field; together they
 * become products.subscription_frequencies (none ticked: not subscribable).
 */
export const FREQUENCY_FIELDS = {
  weekly: 'subscribeWeekly',
  biweekly: 'subscribeBiweekly',
  monthly: 'subscribeMonthly',
} as const satisfies Record<Frequency, string>

export const MAX_SUBSCRIBER_DISCOUNT = 50

/** Whole percent off each subscribed box; left empty it is 0. */
const subscriberDiscount = z
  .string()
  .trim()
  .optional()
  .transform((text) => text || '0')
  .pipe(wholeNumber('subscriber discount', { max: MAX_SUBSCRIBER_DISCOUNT }))

const uploadedImage = z
  .string()
  .optional()
  .transform((text) => (text && /^\/images\/[A-Za-z0-9._-]{1,200}$/.test(text) ? text : null))

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
  /** by weight (ADR 30): the price is then per lb */
  soldByWeight: checkbox,
  averageWeight: optionalPounds,
  /** offered for subscribing when the product is subscribable */
  subscribable: checkbox,
})

export type VariantInput = z.output<typeof VariantRowSchema>
/** One option row as the form holds it (text, any of it missing). */
export type VariantSlot = z.input<typeof VariantSlotSchema>
/** A checked option row, with the row it came from (for a message next to it). */
export type VariantRowInput = VariantInput & { row: number }

/**
 * One option row as posted: all text, any of it missing. A row left empty is skipped; the
 * others are checked with VariantRowSchema below, alongside the product's fields, so a
 * mistake in a row does not hide one elsewhere.
 */
const VariantSlotSchema = z
  .object({
    id: z.string().optional(),
    name: z.string().optional(),
    price: z.string().optional(),
    stock: z.string().optional(),
    stockWas: z.string().optional(),
    available: z.string().optional(),
    soldByWeight: z.string().optional(),
    averageWeight: z.string().optional(),
    subscribable: z.string().optional(),
  })
  .optional()

function isBlank(row: { id?: string; name?: string; price?: string; stock?: string }): boolean {
  return !row.id && !row.name?.trim() && !row.price?.trim() && !row.stock?.trim()
}

const DUPLICATE_OPTION = 'Two options have this name; give each its own.'

export const ProductSchema = z
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
    /** by weight (ADR 30): price is then per lb, and a piece weighs about averageWeight */
    soldByWeight: checkbox,
    averageWeight: optionalPounds,
    nextAvailableDate: optionalDate('next available date'),
    expectedQuantity: optionalWholeNumber('expected quantity'),
    stock: wholeNumber('stock', { max: MAX_STOCK }),
    stockWas,
    uploadedImage,
    [FREQUENCY_FIELDS.weekly]: checkbox,
    [FREQUENCY_FIELDS.biweekly]: checkbox,
    [FREQUENCY_FIELDS.monthly]: checkbox,
    subscriberDiscount,
    /** the months it is in season, as products.season_months keeps them (issue 22) */
    seasonMonths: SeasonMonthsField,
    variants: z
      .array(VariantSlotSchema)
      .max(MAX_VARIANT_ROWS, `A product can have at most ${MAX_VARIANT_ROWS} options.`)
      .optional()
      .transform((rows) => rows ?? []),
  })
  .superRefine((form, ctx) => {
    requireAverage(form, ctx)
    if (!form.category && !form.newCategory) {
      ctx.addIssue({
        code: 'custom',
        path: ['category'],
        message: 'Choose a category or type a new one.',
      })
    }
    const names = new Set<string>()
    form.variants.forEach((slot, row) => {
      if (!slot || isBlank(slot)) return
      const variant = VariantRowSchema.safeParse(slot)
      if (!variant.success) {
        for (const issue of variant.error.issues) {
          ctx.addIssue({
            code: 'custom',
            path: ['variants', row, ...issue.path],
            message: issue.message,
          })
        }
        return
      }
      requireAverage(variant.data, ctx, ['variants', row])
      const key = variant.data.name.toLowerCase()
      if (names.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['variants', row, 'name'], message: DUPLICATE_OPTION })
      }
      names.add(key)
    })
  })

/**
 * What the shop saves from a checked form. (Kept out of the schema: Conform reads the schema's
 * fields for the browser's constraints, which a transform of the whole form would hide.)
 */
export function productInput({
  category,
  newCategory,
  variants,
  subscribeWeekly,
  subscribeBiweekly,
  subscribeMonthly,
  ...rest
}: ProductValues) {
  const ticked = { weekly: subscribeWeekly, biweekly: subscribeBiweekly, monthly: subscribeMonthly }
  return {
    ...rest,
    subscriptionFrequencies: formatFrequencies(FREQUENCIES.filter((f) => ticked[f])),
    // A new category typed in wins over the list: that is why someone typed it.
    category: (newCategory ?? category) as string,
    // Every filled-in row passed the schema's check.
    variants: variants.flatMap((slot, row): VariantRowInput[] =>
      slot && !isBlank(slot) ? [{ ...VariantRowSchema.parse(slot), row }] : [],
    ),
  }
}

export type ProductValues = z.output<typeof ProductSchema>
export type ProductInput = ReturnType<typeof productInput>

/** A new option row: empty, and for sale once it is filled in. */
export const BLANK_VARIANT_ROW = { available: 'on', subscribable: 'on' }

/** The form's name for one option field, as Conform names list items: `variants[2].name`. */
export function variantField(row: number, field: keyof z.input<typeof VariantRowSchema>): string {
  return `variants[${row}].${field}`
}

/** The stock quick-adjust form on the products list (products without options). */
export const StockAdjustSchema = z.object({
  intent: z.literal('set-stock'),
  productId: z.string().min(1).max(100),
  stock: wholeNumber('stock', { max: MAX_STOCK }),
})

/**
 * The product pages' forms; a form sent by Enter, or by Add Another Option without
 * JavaScript (Conform's own intent), carries no intent and is the product form.
 */
export const ProductIntentSchema = z
  .enum(['save', 'remove-variant', 'archive', 'unarchive'])
  .optional()
  .transform((intent) => intent ?? 'save')

/** Remove one saved option (its own small form on the edit page). */
export const RemoveVariantSchema = z.object({
  intent: z.literal('remove-variant'),
  variantId: z.string().min(1).max(100),
})

/** Archive or unarchive: a button and nothing to type. */
export const ArchiveSchema = z.object({ intent: z.enum(['archive', 'unarchive']) })
