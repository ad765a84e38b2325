import { z } from 'zod'
import {
  checkbox,
  clockTime,
  dollars,
  optionalDate,
  optionalText,
  optionalUrl,
  optionalWholeNumber,
  requiredText,
} from '~/platform/admin/fields'
import { formatClockTime, formatTimeRange, WEEKDAY_NAMES } from '~/platform/farm-clock'
import { normaliseZipList, parseZipList, ZIP_LIST_INVALID } from '../zip-codes'

// The admin's Fulfilment set-up forms (issue 16 item 1), browser-safe: one zod schema per form,
// used in the browser and again in the action. Times are 'HH:MM' on the farm's clock.

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

export const PlaceSchema = z.object({
  intent: z.literal('save-place'),
  name: requiredText('name', 100),
  address: requiredText('address', 200),
  instructions: optionalText('instructions', 500).transform((text) => text ?? ''),
  map_url: optionalUrl('map link'),
  is_active: checkbox,
})

export const ZoneSchema = z.object({
  intent: z.literal('save-zone'),
  name: requiredText('name', 100),
  zip_codes: requiredText('ZIP codes', 1000)
    .refine((text) => parseZipList(text) !== null, ZIP_LIST_INVALID)
    .transform(normaliseZipList),
  fee: dollars('delivery fee', { max: 1000 }),
  free_over: z
    .string()
    .trim()
    .optional()
    .transform((text) => text ?? '')
    .pipe(z.union([z.literal(''), dollars('free-delivery amount', { max: 100_000 })]))
    .transform((value) => (value === '' ? null : value)),
  minimum: dollars('minimum order', { max: 100_000 }),
  is_active: checkbox,
})

export const END_BEFORE_START = 'The window must end after it starts.'
export const CUTOFF_TIME_REQUIRED = 'Enter the time of day ordering closes, like 20:00.'

/**
 * The add-window form as the page checks it (Conform takes constraints from a schema with no
 * transform at the top); WindowSchema below is the same, turned into the row to store.
 */
export const WindowFormSchema = z
  .object({
    intent: z.literal('add-window'),
    repeat: z.enum(['weekly', 'once'], { error: 'Choose weekly or a single date.' }),
    weekday: z.string().optional(),
    on_date: optionalDate('date'),
    start_time: clockTime('start time'),
    end_time: clockTime('end time'),
    capacity: optionalWholeNumber('capacity', { min: 1, max: 10_000 }),
    cutoff_kind: z.enum(['hours', 'days'], { error: 'Choose when ordering closes.' }),
    cutoff_hours: z.string().optional(),
    cutoff_days: z.string().optional(),
    cutoff_time: z.string().optional(),
  })
  .superRefine((form, ctx) => {
    if (form.repeat === 'weekly' && !/^[0-6]$/.test(form.weekday ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'Choose the day of the week.' })
    }
    if (form.repeat === 'once' && !form.on_date) {
      ctx.addIssue({ code: 'custom', path: ['on_date'], message: 'Enter the date.' })
    }
    if (form.end_time <= form.start_time) {
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: END_BEFORE_START })
    }
    if (form.cutoff_kind === 'hours' && !/^\d{1,3}$/.test(form.cutoff_hours?.trim() ?? '')) {
      ctx.addIssue({
        code: 'custom',
        path: ['cutoff_hours'],
        message: 'Enter how many hours before, from 0 to 999.',
      })
    }
    if (form.cutoff_kind === 'days') {
      if (!/^\d{1,2}$/.test(form.cutoff_days?.trim() ?? '')) {
        ctx.addIssue({
          code: 'custom',
          path: ['cutoff_days'],
          message: 'Enter how many days before, from 0 to 99.',
        })
      }
      if (!TIME.test(form.cutoff_time?.trim() ?? '')) {
        ctx.addIssue({ code: 'custom', path: ['cutoff_time'], message: CUTOFF_TIME_REQUIRED })
      }
    }
  })

export const WindowSchema = WindowFormSchema.transform((form) => ({
  weekday: form.repeat === 'weekly' ? Number(form.weekday) : null,
  on_date: form.repeat === 'once' ? form.on_date : null,
  start_time: form.start_time,
  end_time: form.end_time,
  capacity: form.capacity,
  cutoff_hours: form.cutoff_kind === 'hours' ? Number(form.cutoff_hours) : null,
  cutoff_days_before: form.cutoff_kind === 'days' ? Number(form.cutoff_days) : null,
  cutoff_time: form.cutoff_kind === 'days' ? (form.cutoff_time?.trim() ?? null) : null,
}))

export type WindowInput = z.output<typeof WindowSchema>

/** The words of a pickup place's page and a delivery zone's page, which are otherwise one. */
export const OWNER_PAGES = {
  place: {
    newTitle: 'New pickup place',
    description: 'Where shoppers collect their orders, and when.',
    detailsTitle: 'Place',
    intent: 'save-place',
    saveLabel: 'Save place',
    noun: 'pickup window',
    windowsTitle: 'Pickup windows',
  },
  zone: {
    newTitle: 'New delivery zone',
    description: 'Where the farm delivers, what it costs, and on which days.',
    detailsTitle: 'Zone',
    intent: 'save-zone',
    saveLabel: 'Save zone',
    noun: 'delivery day',
    windowsTitle: 'Delivery days',
  },
} as const

/** What a place's or zone's page can be asked to do; each is one of its forms or buttons. */
export const OwnerIntentSchema = z.enum([
  'save-place',
  'save-zone',
  'add-window',
  'toggle-window',
  'delete-window',
])

/** The window form's starting values: weekly on Thursday, 3-6 pm, until 24 hours before. */
export const NEW_WINDOW = {
  repeat: 'weekly',
  weekday: '4',
  on_date: '',
  start_time: '15:00',
  end_time: '18:00',
  capacity: '',
  cutoff_kind: 'hours',
  cutoff_hours: '24',
  cutoff_days: '2',
  cutoff_time: '20:00',
}

export const WindowActionSchema = z.object({
  intent: z.enum(['delete-window', 'toggle-window']),
  windowId: z.uuid('Choose a window from the list.'),
})

export const ClosedDateSchema = z.object({
  intent: z.literal('add-closed-date'),
  on_date: z
    .string({ error: 'Enter the date.' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date.'),
  note: optionalText('note', 200).transform((text) => text ?? ''),
  /** 'farm', 'place:{id}' or 'zone:{id}' */
  scope: z
    .string()
    .regex(/^(farm|place:[0-9a-f-]{36}|zone:[0-9a-f-]{36})$/, 'Choose what is closed.'),
})

export const DeleteClosedDateSchema = z.object({
  intent: z.literal('delete-closed-date'),
  id: z.uuid('Choose a date from the list.'),
})

/** "Thursday, 3-6 pm, order by 24 hours before, 30 orders at most": a window in words. */
export function describeWindow(window: {
  weekday: number | null
  on_date: string | null
  start_time: string
  end_time: string
  capacity: number | null
  cutoff_hours: number | null
  cutoff_days_before: number | null
  cutoff_time: string | null
}): string {
  const day =
    window.weekday !== null ? `Every ${WEEKDAY_NAMES[window.weekday]}` : `On ${window.on_date}`
  const hours = formatTimeRange(window.start_time, window.end_time)
  const cutoff =
    window.cutoff_days_before !== null && window.cutoff_time
      ? `order by ${window.cutoff_days_before} ${window.cutoff_days_before === 1 ? 'day' : 'days'} before at ${formatClockTime(window.cutoff_time)}`
      : window.cutoff_hours
        ? `order by ${window.cutoff_hours} hours before`
        : 'order until it opens'
  const capacity = window.capacity ? `, ${window.capacity} orders at most` : ''
  return `${day}, ${hours}, ${cutoff}${capacity}`
}
