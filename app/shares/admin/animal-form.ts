import { z } from 'zod'
import {
  clockTime,
  dollars,
  optionalDate,
  optionalWholeNumber,
  requiredText,
} from '~/platform/admin/fields'
import { parsePounds } from '../balance'

// The admin's forms for an animal sold in shares (ADR 31), browser-safe: the animal itself,
// with where and when its shares are collected (its own pickup window, issue 32), and its
// hanging weight once the butcher has weighed it.

/** The animal's id in the address of the page that adds one. */
export const NEW_ANIMAL = 'new'

function requiredDate(label: string) {
  return optionalDate(label).refine((day): day is string => day !== null, {
    message: `Enter the ${label}.`,
  })
}

export const AnimalSchema = z
  .object({
    name: requiredText('animal’s name', 80),
    product_id: z
      .string({ error: 'Choose the share product.' })
      .trim()
      .min(1, 'Choose the share product.'),
    price_per_lb: dollars('price per pound of hanging weight', { max: 100 }),
    processing_fee: dollars('processing fee per quarter', { max: 10_000 }),
    cut_sheet_cutoff: requiredDate('cut sheet cut-off'),
    pickup_date: requiredDate('pickup date'),
    pickup_place_id: z
      .string({ error: 'Choose where the shares are collected.' })
      .trim()
      .min(1, 'Choose where the shares are collected.'),
    pickup_start: clockTime('pickup start time'),
    pickup_end: clockTime('pickup end time'),
    pickup_capacity: optionalWholeNumber('pickup capacity', { min: 1, max: 10_000 }),
  })
  .superRefine((form, ctx) => {
    if (form.pickup_end <= form.pickup_start) {
      ctx.addIssue({
        code: 'custom',
        path: ['pickup_end'],
        message: 'The pickup must end after it starts.',
      })
    }
    if (form.cut_sheet_cutoff && form.pickup_date && form.pickup_date < form.cut_sheet_cutoff) {
      ctx.addIssue({
        code: 'custom',
        path: ['pickup_date'],
        message: 'The pickup date must be on or after the cut sheet cut-off.',
      })
    }
  })

export type AnimalInput = z.output<typeof AnimalSchema>

export const HangingWeightSchema = z.object({
  hanging_weight: z
    .string({ error: 'Enter the hanging weight in pounds.' })
    .trim()
    .min(1, 'Enter the hanging weight in pounds.')
    .refine((text) => (parsePounds(text) ?? 0) > 0, {
      message: 'Enter the hanging weight in pounds, like 612.5.',
    }),
})

export const AnimalIntentSchema = z.object({
  intent: z.enum(['save', 'weigh', 'collect'], { error: 'Unknown action.' }),
})

/** A balance the farm took in person (at pickup): marked paid by the admin. */
export const CollectSchema = z.object({
  share_id: z.string({ error: 'Choose a share.' }).trim().min(1, 'Choose a share.'),
})
