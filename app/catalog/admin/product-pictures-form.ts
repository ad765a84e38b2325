import { z } from 'zod'
import { requiredText } from '~/platform/admin/fields'

// The product editor's Pictures section (issue 22 item 4), browser-safe: each small form
// (upload, describe, move, remove) posts an intent to the product's own action. The first
// picture is the cover (products.image_url): cards, the cart and emails show it.

export const PICTURE_INTENTS = [
  'picture-add',
  'picture-describe',
  'picture-move',
  'picture-remove',
] as const

export type PictureIntent = (typeof PICTURE_INTENTS)[number]

export function isPictureIntent(intent: string): intent is PictureIntent {
  return (PICTURE_INTENTS as readonly string[]).includes(intent)
}

/** At most this many pictures a product: a gallery, not an album. */
export const MAX_PICTURES = 12

export const PICTURE_REQUIRED = 'Choose a picture to upload.'
export const PICTURE_GONE = 'That picture was not found; it may be removed already.'
export const TOO_MANY_PICTURES = `A product can have at most ${MAX_PICTURES} pictures.`

const pictureId = z.string({ error: PICTURE_GONE }).trim().min(1, PICTURE_GONE).max(100)
// Alt text is required: it is what a screen reader says, and what shows if the picture fails.
const altText = requiredText('description of the picture (alt text)', 300)

export const PictureUploadSchema = z.object({ alt_text: altText })
export const PictureDescribeSchema = z.object({ alt_text: altText })

export const PictureActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('picture-add'), alt_text: altText }),
  z.object({ intent: z.literal('picture-describe'), pictureId, alt_text: altText }),
  z.object({
    intent: z.literal('picture-move'),
    pictureId,
    direction: z.enum(['up', 'down'], { error: 'Choose up or down.' }),
  }),
  z.object({ intent: z.literal('picture-remove'), pictureId }),
])

export type PictureAction = z.output<typeof PictureActionSchema>

/** Which form on the page a picture post came from, so only that form takes the reply. */
export function pictureFormName(action: { intent: string; pictureId?: string }): string {
  return action.intent === 'picture-add'
    ? 'picture-add'
    : action.intent === 'picture-describe'
      ? `picture-describe:${action.pictureId ?? ''}`
      : 'picture-list'
}
