import { z } from 'zod'

// The address form's schema, shared by the Addresses page (checked in the browser) and its
// action (checked again on the server). The states come from settings.states_offered.

export const US_STATE_NAMES: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
}

/** "ID" -> "Idaho"; an unknown code is shown as it is. */
export function stateName(code: string): string {
  return US_STATE_NAMES[code] ?? code
}

export const ZIP_CODE_INVALID = 'Please enter a valid ZIP code'
export const PHONE_INVALID = 'Please enter a valid phone number'

/** A required text field: trimmed, "{label} is required" when empty. */
export function requiredText(label: string, max = 100) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
}

/** An optional text field: blank becomes null, which is what the database stores. */
export function optionalText(label: string, max = 100) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => value || null)
}

/** Optional phone: digits, spaces and + ( ) - . only, 7 to 20 characters, at least 7 digits. */
export const optionalPhone = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || null)
  .refine(
    (value) =>
      value === null ||
      (/^[0-9+().\-\s]{7,20}$/.test(value) && value.replace(/\D/g, '').length >= 7),
    PHONE_INVALID,
  )

/** A checkbox posts "on" when ticked and nothing when not. */
export const checkbox = z
  .enum(['on', 'true', 'false', ''])
  .optional()
  .transform((value) => value === 'on' || value === 'true')

function offeredStatesText(states: readonly string[]): string {
  const names = states.map(stateName)
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`
}

/** The address form for a shop that delivers to `statesOffered` (codes such as "ID"). */
export function addressSchema(statesOffered: readonly string[]) {
  return z.object({
    firstName: requiredText('First name'),
    lastName: requiredText('Last name'),
    street: requiredText('Street address', 200),
    apartment: optionalText('Apartment or suite'),
    city: requiredText('City'),
    state: z
      .string({ error: 'State is required' })
      .trim()
      .min(1, 'State is required')
      .refine(
        (code) => statesOffered.includes(code),
        `We currently deliver only to ${offeredStatesText(statesOffered)}.`,
      ),
    zipCode: z
      .string({ error: 'ZIP code is required' })
      .trim()
      .min(1, 'ZIP code is required')
      .regex(/^\d{5}(-\d{4})?$/, ZIP_CODE_INVALID),
    phone: optionalPhone,
    isDefault: checkbox,
  })
}

export type AddressInput = z.output<ReturnType<typeof addressSchema>>

export const ADDRESS_NOT_FOUND = 'Address not found. It may have been deleted.'

const addressId = z
  .string({ error: ADDRESS_NOT_FOUND })
  .min(1, ADDRESS_NOT_FOUND)
  .max(100, ADDRESS_NOT_FOUND)

/**
 * Everything the Addresses page posts, told apart by `intent`: saving the address form (with
 * `id` when editing), deleting one, or making one the default.
 */
export function addressActionSchema(statesOffered: readonly string[]) {
  return z.discriminatedUnion('intent', [
    addressSchema(statesOffered).extend({
      intent: z.literal('save'),
      id: z
        .string()
        .max(100, ADDRESS_NOT_FOUND)
        .optional()
        .transform((value) => value || null),
    }),
    z.object({ intent: z.literal('delete'), id: addressId }),
    z.object({ intent: z.literal('make-default'), id: addressId }),
  ])
}
