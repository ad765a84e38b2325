import { z } from 'zod'
import { formatSeasonMonths, MONTHS } from '~/catalog/in-season'

export const SEASON_MONTH_INVALID = 'Choose months from the list.'

/**
 * The admin form's ticked months: one value ('5') or several (['5', '6']) under one name,
 * or none; saved as the column's text.
 */
export const SeasonMonthsField = z
  .union([z.string(), z.array(z.string()).max(MONTHS.length, SEASON_MONTH_INVALID)])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
  .refine((values) => values.every((value) => /^(?:[1-9]|1[0-2])$/.test(value)), {
    message: SEASON_MONTH_INVALID,
  })
  .transform((values) => formatSeasonMonths(values))
