import { z } from 'zod'

// zod pieces the admin forms share, browser-safe, so the same schema checks the form in the
// browser and again in the action. Form values arrive as strings (an unticked checkbox not at
// all); these turn them into what the database stores, with a message a farmer understands.

/** "12", "12.5", "$1,234.50" -> cents. Money is integer cents everywhere (ARCHITECTURE). */
export function dollars(label: string, { min = 0, max = 1_000_000 } = {}) {
  return z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .transform((text) => text.replace(/[$,\s]/g, ''))
    .refine((text) => /^\d+(\.\d{1,2})?$/.test(text), {
      message: `Enter the ${label} in dollars, like 12.50.`,
    })
    .transform((text) => Math.round(Number(text) * 100))
    .refine((cents) => cents >= min * 100 && cents <= max * 100, {
      message: `The ${label} must be between $${min} and $${max.toLocaleString('en-US')}.`,
    })
}

/** A whole number typed into a field, within bounds. */
export function wholeNumber(label: string, { min = 0, max = 1_000_000 } = {}) {
  return z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .refine((text) => /^-?\d+$/.test(text), { message: `The ${label} must be a whole number.` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, {
      message: `The ${label} must be between ${min} and ${max.toLocaleString('en-US')}.`,
    })
}

/** A whole number or blank (null), such as a capacity with no limit when left empty. */
export function optionalWholeNumber(label: string, bounds: { min?: number; max?: number } = {}) {
  return z
    .string()
    .trim()
    .optional()
    .transform((text) => text ?? '')
    .pipe(z.union([z.literal(''), wholeNumber(label, bounds)]))
    .transform((value) => (value === '' ? null : value))
}

/** 'HH:MM' on the farm's 24-hour clock, as an <input type="time"> sends it. */
export function clockTime(label: string) {
  return z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `Enter the ${label} as a time, like 15:00.`)
}

/** Required text, trimmed, bounded. */
export function requiredText(label: string, max = 200) {
  return z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `The ${label} must be at most ${max} characters.`)
}

/** Optional text: blank becomes null. */
export function optionalText(label: string, max = 200) {
  return z
    .string()
    .trim()
    .max(max, `The ${label} must be at most ${max} characters.`)
    .optional()
    .transform((text) => (text ? text : null))
}

/** A checkbox: present ("on") is true, absent is false. */
export const checkbox = z
  .string()
  .optional()
  .transform((value) => value !== undefined && value !== '' && value !== 'false')

/** An <input type="date"> value 'YYYY-MM-DD', or null when blank. */
export function optionalDate(label: string) {
  return z
    .string()
    .trim()
    .optional()
    .transform((text) => (text ? text : null))
    .refine((text) => text === null || isCalendarDate(text), {
      message: `Enter the ${label} as a date.`,
    })
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text)
}

/** An optional http(s) URL such as a social link; blank becomes null. */
export function optionalUrl(label: string) {
  return z
    .string()
    .trim()
    .max(500, `The ${label} must be at most 500 characters.`)
    .optional()
    .transform((text) => (text ? text : null))
    .refine((text) => text === null || /^https?:\/\/[^\s<>"]+$/i.test(text), {
      message: `The ${label} must start with https://`,
    })
}

/** Cents back to what the dollars field shows: 1250 -> "12.50". */
export function centsToDollarsInput(cents: number): string {
  return (cents / 100).toFixed(2)
}
