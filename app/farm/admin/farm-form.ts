import { z } from 'zod'
import { checkbox, optionalText, requiredText } from '~/platform/admin/fields'
import { DAY_NAMES, DAYS, type Day, formatOpeningHours, type WeekHours } from '../opening-hours'

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

/** hours_Mo_open, hours_Mo_opens, hours_Mo_closes, ... for each day. */
export function hoursField(day: Day, part: 'open' | 'opens' | 'closes'): string {
  return `hours_${day}_${part}`
}

const hoursShape = Object.fromEntries(
  DAYS.flatMap((day) => [
    [hoursField(day, 'open'), checkbox],
    [hoursField(day, 'opens'), z.string().trim().optional()],
    [hoursField(day, 'closes'), z.string().trim().optional()],
  ]),
) as Record<string, z.ZodType<boolean> | z.ZodType<string | undefined>>

export const FarmInfoSchema = z
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
    ...hoursShape,
    show_values_section: checkbox,
    show_practices_section: checkbox,
    show_team_section: checkbox,
    show_visit_section: checkbox,
    values_title: requiredText('values section title', 100),
    practices_title: requiredText('practices section title', 100),
    team_title: requiredText('team section title', 100),
    visit_title: requiredText('visit section title', 100),
    visit_description: requiredText('visit description', 2000),
  })
  .superRefine((form, ctx) => {
    const values = form as Record<string, unknown>
    for (const day of DAYS) {
      if (values[hoursField(day, 'open')] !== true) continue
      const opens = String(values[hoursField(day, 'opens')] ?? '')
      const closes = String(values[hoursField(day, 'closes')] ?? '')
      const name = DAY_NAMES[day]
      if (!TIME.test(opens)) {
        ctx.addIssue({
          code: 'custom',
          path: [hoursField(day, 'opens')],
          message: `Enter when the farm opens on ${name}, like 09:00.`,
        })
      } else if (!TIME.test(closes)) {
        ctx.addIssue({
          code: 'custom',
          path: [hoursField(day, 'closes')],
          message: `Enter when the farm closes on ${name}, like 17:00.`,
        })
      } else if (closes <= opens) {
        ctx.addIssue({
          code: 'custom',
          path: [hoursField(day, 'closes')],
          message: `On ${name} the closing time must be after the opening time.`,
        })
      }
    }
  })
  .transform((form) => {
    const values = form as Record<string, unknown>
    const week = Object.fromEntries(
      DAYS.map((day) => [
        day,
        {
          open: values[hoursField(day, 'open')] === true,
          opens: String(values[hoursField(day, 'opens')] ?? ''),
          closes: String(values[hoursField(day, 'closes')] ?? ''),
        },
      ]),
    ) as WeekHours
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
      opening_hours: formatOpeningHours(week),
      show_values_section: form.show_values_section,
      show_practices_section: form.show_practices_section,
      show_team_section: form.show_team_section,
      show_visit_section: form.show_visit_section,
      values_title: form.values_title,
      practices_title: form.practices_title,
      team_title: form.team_title,
      visit_title: form.visit_title,
      visit_description: form.visit_description,
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
