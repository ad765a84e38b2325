import { z } from 'zod'
import { centsToDollarsInput, dollars, wholeNumber } from '~/platform/admin/fields'
import { US_STATE_NAMES } from '~/platform/us-address'
import { MAX_HOLD_HOURS, MIN_HOLD_HOURS } from '../settings'

// The admin's shop settings form (issue 6 item 10), browser-safe. Every value here feeds
// priceCart (tax and shipping) or the checkout's state list; nothing else keeps its own copy.

/** Idaho's rate is 6 %; no US state's combined rate comes near 25 %, so more is a typo. */
const MAX_TAX_PERCENT = 25

const taxRate = z
  .string({ error: 'Enter the tax rate.' })
  .trim()
  .min(1, 'Enter the tax rate.')
  .transform((text) => text.replace(/%\s*$/, '').trim())
  .refine((text) => /^\d{1,2}(\.\d{1,2})?$/.test(text), {
    message: 'Enter the tax rate as a percentage with at most 2 decimals, like 6 or 6.25.',
  })
  // "6.25" -> 625 basis points, from the digits, so no float rounding can creep in.
  .transform((text) => {
    const [whole = '0', fraction = ''] = text.split('.')
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  })
  .refine((basisPoints) => basisPoints <= MAX_TAX_PERCENT * 100, {
    message: `The tax rate must be between 0% and ${MAX_TAX_PERCENT}%.`,
  })

export const STATES_REQUIRED = 'Choose at least one state the farm delivers to.'

const states = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
  .transform((codes) => [...new Set(codes.map((code) => code.trim().toUpperCase()))].sort())
  .refine((codes) => codes.length > 0, { message: STATES_REQUIRED })
  .refine((codes) => codes.every((code) => code in US_STATE_NAMES), {
    message: 'Choose states from the list.',
  })

export const WEIGHT_TOLERANCE_INVALID =
  'Enter the weight tolerance as a whole percentage from 0 to 50.'

/** How far above its estimate a by-weight line may come out (ADR 30): a whole 0-50 %. */
const weightTolerance = z
  .string({ error: WEIGHT_TOLERANCE_INVALID })
  .trim()
  .transform((text) => text.replace(/%\s*$/, '').trim())
  .refine((text) => /^\d{1,2}$/.test(text) && Number(text) <= 50, {
    message: WEIGHT_TOLERANCE_INVALID,
  })
  .transform(Number)

export const SettingsSchema = z.object({
  tax_rate: taxRate,
  standard_shipping: dollars('standard shipping price', { max: 1000 }),
  express_shipping: dollars('express shipping price', { max: 1000 }),
  pickup_shipping: dollars('farm pickup price', { max: 1000 }),
  free_shipping_threshold: dollars('free shipping threshold', { max: 100_000 }),
  states,
  // How long the waiting list's held units wait for their customer (ADR 29)
  hold_hours: wholeNumber('hold time in hours', { min: MIN_HOLD_HOURS, max: MAX_HOLD_HOURS }),
  weight_tolerance: weightTolerance,
})

export type SettingsInput = z.output<typeof SettingsSchema>

/** 625 -> "6.25", 600 -> "6": what the tax field shows. */
export function basisPointsToPercentInput(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100)
  const fraction = basisPoints % 100
  return fraction === 0
    ? String(whole)
    : `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`
}

export { centsToDollarsInput }
