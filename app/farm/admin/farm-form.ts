import { z } from 'zod'
import { checkbox, optionalText, requiredText } from '~/platform/admin/fields'
import { DAY_NAMES, DAYS, type Day, parseOpeningHours } from '../opening-hours'

// The admin's content forms (issue 6 item 8), browser-safe: the page checks with these
// schemas before sending and the actions check again. Form field names are the farm_info
// column names, so nothing is renamed between the form and the table.

/** Every picture in farm_info, in the order the form shows them, with where each appears. */
export const FARM_IMAGE_FIELDS = [
  { column: 'logo_image_url', label: 'Logo', hint: 'In the header of every page.' },
  { column: 'hero_image_url', label: 'Home page banner', hint: 'The large picture on Home.' },
  { column: 'story_image_url', label: 'Home page story picture', hint: 'Beside "Our Story".' },
  { column: 'about_hero_image_url', label: 'About page banner', hint: 'Top of the About page.' },
  {
    column: 'about_practices_image_url',
    label: 'About page practices picture',
    hint: 'Beside "How We Farm".',
  },
  {
    column: 'grass_fed_hero_image_url',
    label: 'Grass-fed beef banner',
    hint: 'Top of the Grass-Fed Beef page.',
  },
  {
    column: 'grass_fed_story_image_url',
    label: 'Grass-fed beef story picture',
    hint: 'In the story on the Grass-Fed Beef page.',
  },
  { column: 'contact_hero_image_url', label: 'Contact page banner', hint: 'Top of Contact Us.' },
  { column: 'shop_hero_image_url', label: 'Shop page banner', hint: 'Top of the Shop page.' },
] as const

export type FarmImageColumn = (typeof FARM_IMAGE_FIELDS)[number]['column']

/** The checkbox that takes a picture away (the farm then shows its plain background). */
export function removeImageField(column: FarmImageColumn): string {
  return `remove_${column}`
}

/** An https link, or blank: a social profile is never plain http, nor a script. */
function httpsUrl(label: string) {
  return z
    .string()
    .trim()
    .max(500, `The ${label} must be at most 500 characters.`)
    .optional()
    .transform((text) => (text ? text : null))
    .refine((text) => text === null || /^https:\/\/[^\s<>"]+\.[^\s<>"]+$/i.test(text), {
      message: `The ${label} must be a full link starting with https://`,
    })
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

/** One opening of a day: from `opens` to `closes`, 'HH:MM'. */
export type OpeningRangeInput = { opens: string; closes: string }
export type WeekRanges = Record<Day, OpeningRangeInput[]>

/** The hours a new row starts with. */
export const NEW_OPENING_RANGE: OpeningRangeInput = { opens: '09:00', closes: '17:00' }

/** At most this many openings a day (a lunch break makes two). */
export const MAX_RANGES_A_DAY = 4

const openingRange = z.object({
  opens: z.string().trim().optional(),
  closes: z.string().trim().optional(),
})
const dayRanges = z
  .array(openingRange)
  .max(MAX_RANGES_A_DAY, `A day can have at most ${MAX_RANGES_A_DAY} openings.`)
  .optional()

/**
 * The opening hours as a list of openings per day (hours.Mo[0].opens, ...): a day with none is
 * closed, a day with two has a break. Rows are added and removed with Conform's list buttons.
 */
const weekRanges = z
  .object({
    Mo: dayRanges,
    Tu: dayRanges,
    We: dayRanges,
    Th: dayRanges,
    Fr: dayRanges,
    Sa: dayRanges,
    Su: dayRanges,
  })
  .optional()

/** The stored value (schema.org notation) as each day's openings, earliest first. */
export function openingRangesByDay(value: string): WeekRanges {
  const week = Object.fromEntries(DAYS.map((day) => [day, []])) as unknown as WeekRanges
  for (const range of parseOpeningHours(value)) {
    for (const day of range.days) week[day].push({ opens: range.opens, closes: range.closes })
  }
  for (const day of DAYS) week[day].sort((a, b) => a.opens.localeCompare(b.opens))
  return week
}

/**
 * Each day's openings back in schema.org notation, consecutive days with the same openings
 * joined ("Mo-Fr 09:00-12:00, Mo-Fr 13:00-17:00, Sa 10:00-14:00"); '' when always closed.
 */
export function formatOpeningRanges(week: WeekRanges): string {
  const sorted = (day: Day) => [...week[day]].sort((a, b) => a.opens.localeCompare(b.opens))
  const keyOf = (day: Day) =>
    sorted(day)
      .map((range) => `${range.opens}-${range.closes}`)
      .join(' ')
  const parts: string[] = []
  let start = 0
  while (start < DAYS.length) {
    const day = DAYS[start] as Day
    const key = keyOf(day)
    let end = start
    while (key && end + 1 < DAYS.length && keyOf(DAYS[end + 1] as Day) === key) end += 1
    const days = end === start ? day : `${day}-${DAYS[end]}`
    for (const range of key ? sorted(day) : []) {
      parts.push(`${days} ${range.opens}-${range.closes}`)
    }
    start = end + 1
  }
  return parts.join(', ')
}

/**
 * The content form as the page checks it (Conform takes its constraints from a schema without
 * a transform at the top); FarmInfoSchema below is the same with the row the action saves.
 */
export const FarmInfoFormSchema = z
  .object({
    name: requiredText('farm name', 100),
    description: requiredText('short description', 500),
    story: requiredText('story', 10_000),
    mission: requiredText('mission', 1000),
    contact_email: z
      .string({ error: 'Enter the contact email.' })
      .trim()
      .min(1, 'Enter the contact email.')
      .max(254, 'Enter a valid email address.')
      .pipe(z.email('Enter a valid email address.')),
    contact_phone: z
      .string()
      .trim()
      .max(30, 'The phone number must be at most 30 characters.')
      .optional()
      .transform((text) => text ?? '')
      .refine((text) => text === '' || /^[0-9+().\-\s]{7,30}$/.test(text), {
        message: 'Enter the phone number with digits only, like (208) 555-0142.',
      }),
    address: requiredText('address', 300),
    facebook_url: httpsUrl('Facebook link'),
    instagram_url: httpsUrl('Instagram link'),
    hours: weekRanges,
    show_values_section: checkbox,
    show_practices_section: checkbox,
    show_team_section: checkbox,
    show_visit_section: checkbox,
    values_title: requiredText('values section title', 100),
    practices_title: requiredText('practices section title', 100),
    team_title: requiredText('team section title', 100),
    visit_title: requiredText('visit section title', 100),
    visit_description: requiredText('visit description', 2000),
    // The farm's short promise on every product page (issue 22); blank shows none.
    promise: optionalText('promise', 500),
  })
  .superRefine((form, ctx) => {
    for (const day of DAYS) {
      const name = DAY_NAMES[day]
      const ranges = form.hours?.[day] ?? []
      ranges.forEach((range, index) => {
        const opens = range.opens ?? ''
        const closes = range.closes ?? ''
        const path = (part: 'opens' | 'closes') => ['hours', day, index, part]
        if (!TIME.test(opens)) {
          ctx.addIssue({
            code: 'custom',
            path: path('opens'),
            message: `Enter when the farm opens on ${name}, like 09:00.`,
          })
        } else if (!TIME.test(closes)) {
          ctx.addIssue({
            code: 'custom',
            path: path('closes'),
            message: `Enter when the farm closes on ${name}, like 17:00.`,
          })
        } else if (closes <= opens) {
          ctx.addIssue({
            code: 'custom',
            path: path('closes'),
            message: `On ${name} the closing time must be after the opening time.`,
          })
        } else {
          const overlapping = ranges.some(
            (other, at) =>
              at < index && (other.opens ?? '') < closes && opens < (other.closes ?? ''),
          )
          if (overlapping) {
            ctx.addIssue({
              code: 'custom',
              path: path('opens'),
              message: `On ${name} these hours overlap other hours of the day.`,
            })
          }
        }
      })
    }
  })

export const FarmInfoSchema = FarmInfoFormSchema.transform((form) => {
  const week = Object.fromEntries(
    DAYS.map((day) => [
      day,
      (form.hours?.[day] ?? []).map((range) => ({
        opens: range.opens ?? '',
        closes: range.closes ?? '',
      })),
    ]),
  ) as WeekRanges
  return {
    name: form.name,
    description: form.description,
    story: form.story,
    mission: form.mission,
    contact_email: form.contact_email,
    contact_phone: form.contact_phone,
    address: form.address,
    facebook_url: form.facebook_url,
    instagram_url: form.instagram_url,
    opening_hours: formatOpeningRanges(week),
    show_values_section: form.show_values_section,
    show_practices_section: form.show_practices_section,
    show_team_section: form.show_team_section,
    show_visit_section: form.show_visit_section,
    values_title: form.values_title,
    practices_title: form.practices_title,
    team_title: form.team_title,
    visit_title: form.visit_title,
    visit_description: form.visit_description,
    promise: form.promise,
  }
})

export type FarmInfoInput = z.output<typeof FarmInfoSchema>

// --- team members and the gallery -------------------------------------------------------------

const id = z.string({ error: 'Unknown item.' }).trim().min(1, 'Unknown item.').max(100)
const direction = z.enum(['up', 'down'], { error: 'Choose up or down.' })

const teamMemberFields = {
  name: requiredText('name', 100),
  title: requiredText('title', 100),
  bio: optionalText('bio', 2000),
  is_active: checkbox,
}

export const TeamMemberSchema = z.object(teamMemberFields)

export const TeamActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create'), ...teamMemberFields }),
  z.object({ intent: z.literal('update'), id, ...teamMemberFields }),
  z.object({ intent: z.literal('move'), id, direction }),
  z.object({ intent: z.literal('show'), id }),
  z.object({ intent: z.literal('hide'), id }),
  z.object({ intent: z.literal('remove'), id }),
])

export type TeamAction = z.output<typeof TeamActionSchema>
export type TeamMemberInput = z.output<typeof TeamMemberSchema>

const galleryFields = {
  // Alt text is required: it is what a screen reader says, and what shows if the picture fails.
  alt_text: requiredText('description of the picture (alt text)', 300),
  caption: optionalText('caption', 300),
}

export const GalleryImageSchema = z.object(galleryFields)

export const GalleryActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create'), ...galleryFields }),
  z.object({ intent: z.literal('update'), id, ...galleryFields }),
  z.object({ intent: z.literal('move'), id, direction }),
  z.object({ intent: z.literal('remove'), id }),
])

export type GalleryAction = z.output<typeof GalleryActionSchema>
export type GalleryImageInput = z.output<typeof GalleryImageSchema>

export const PHOTO_REQUIRED = 'Choose a picture to upload.'
