import { z } from 'zod'
import { checkbox, dollars, optionalDate } from '~/platform/admin/fields'
import { farmDayOf } from '~/platform/farm-clock'
import { formatCents } from '~/platform/ui/price'
import { normalizePromoCode } from '../promo'

// The admin's promo code form (issue 6 item 9), browser-safe. Dates are farm calendar days:
// a code runs from the start of its first day to the end of its last day, Idaho time
// (promo-code rules in currentPromoTerms: starts_at <= now < ends_at).

export const DISCOUNT_TYPES = ['percent', 'fixed'] as const
export type DiscountType = (typeof DISCOUNT_TYPES)[number]

export const PROMO_CODE_TAKEN = 'There is already a promo code with that name.'
export const PROMO_CODE_RENAME_USED =
  'This code has been used on orders, so its name stays as it is. Make a new code instead.'

const VALUE_REQUIRED = 'Enter how much the code takes off.'

const PromoCodeFields = z.object({
  code: z
    .string({ error: 'Enter the code.' })
    .trim()
    .min(1, 'Enter the code.')
    .max(30, 'The code must be at most 30 characters.')
    .regex(/^[A-Za-z0-9]+$/, 'Use only letters and digits, like SPRING5.')
    .transform(normalizePromoCode),
  discount_type: z.enum(DISCOUNT_TYPES, { error: 'Choose a percentage or a fixed amount.' }),
  discount_value: z.string({ error: VALUE_REQUIRED }).trim().min(1, VALUE_REQUIRED),
  min_subtotal: z
    .string()
    .trim()
    .optional()
    .transform((text) => text || '0')
    .pipe(dollars('minimum subtotal', { max: 100_000 })),
  starts_on: optionalDate('start date'),
  ends_on: optionalDate('end date'),
  usage_limit: z
    .string()
    .trim()
    .optional()
    .transform((text) => (text ? text : null))
    .refine((text) => text === null || /^\d{1,7}$/.test(text), {
      message: 'Enter the number of uses as a whole number, or leave it blank for no limit.',
    })
    .transform((text) => (text === null ? null : Number(text)))
    .refine((n) => n === null || n >= 1, { message: 'A code must be usable at least once.' }),
  is_active: checkbox,
})

const fixedAmount = dollars('discount amount', { max: 100_000 })

/** A percentage: whole 1-100, "15" or "15%"; null when it is not one. */
function percentOf(text: string): number | null {
  const digits = text.replace(/%\s*$/, '').trim()
  const percent = /^\d{1,3}$/.test(digits) ? Number(digits) : 0
  return percent >= 1 && percent <= 100 ? percent : null
}

// Checked after the fields, with them all reported at once (a refinement, not a transform,
// so a bad code does not hide a bad amount).
export const PromoCodeSchema = PromoCodeFields.superRefine((form, ctx) => {
  if (form.discount_type === 'percent' && percentOf(form.discount_value) === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['discount_value'],
      message: 'A percentage must be a whole number from 1 to 100.',
    })
  }
  if (form.discount_type === 'fixed') {
    const cents = fixedAmount.safeParse(form.discount_value)
    if (!cents.success || cents.data < 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['discount_value'],
        message: cents.success
          ? 'The discount must be more than $0.'
          : (cents.error.issues[0]?.message ?? VALUE_REQUIRED),
      })
    }
  }
  if (form.starts_on && form.ends_on && form.ends_on < form.starts_on) {
    ctx.addIssue({
      code: 'custom',
      path: ['ends_on'],
      message: 'The end date must be on or after the start date.',
    })
  }
})

/**
 * What the shop saves from a checked form. (Kept out of the schema: Conform reads the schema's
 * fields for the browser's constraints, which a transform of the whole form would hide.)
 */
export function promoCodeInput(form: z.output<typeof PromoCodeSchema>) {
  return {
    code: form.code,
    discount_type: form.discount_type,
    discount_value:
      form.discount_type === 'percent'
        ? (percentOf(form.discount_value) ?? 0)
        : fixedAmount.parse(form.discount_value),
    min_subtotal_cents: form.min_subtotal,
    starts_on: form.starts_on,
    ends_on: form.ends_on,
    usage_limit: form.usage_limit,
    is_active: form.is_active,
  }
}

export type PromoCodeInput = ReturnType<typeof promoCodeInput>

/** The edit page's two buttons: Save Promo Code, and Delete (or switch off, once used). */
export const PromoCodeIntentSchema = z.object({
  intent: z.enum(['save', 'remove'], { error: 'Unknown action.' }),
})

/** "10% off" or "$5.00 off" */
export function discountText(type: string, value: number): string {
  return type === 'percent' ? `${value}% off` : `${formatCents(value)} off`
}

/** A code's dates as the form's farm calendar days ('' when open-ended). */
export function promoCodeDays(row: { starts_at: Date | null; ends_at: Date | null }) {
  return {
    starts_on: row.starts_at ? farmDayOf(row.starts_at) : '',
    // ends_at is the first instant after the last day.
    ends_on: row.ends_at ? farmDayOf(new Date(row.ends_at.getTime() - 1)) : '',
  }
}
