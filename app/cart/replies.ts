import type { FormReply } from '~/platform/forms/conform'
import { CART_CHANGE_FAILED } from './words'

// Reading the /cart action's replies, apart from forms.ts so that the Add to Cart buttons on
// every product card do not bring zod (the schemas) into the page's JavaScript.

/** The change went through. */
export function cartChangeDone(reply: FormReply | undefined): boolean {
  return reply?.status === 'success'
}

/**
 * What the shopper reads about a reply: the words of a change that went through or of a
 * refusal, else the first complaint about the code or the quantity, else a general apology.
 */
export function cartReplyMessage(reply: FormReply): string {
  if (reply.status === 'success') return reply.message ?? ''
  return (
    reply.error?.['']?.[0] ??
    reply.error?.code?.[0] ??
    reply.error?.quantity?.[0] ??
    reply.error?.purchase?.[0] ??
    reply.error?.frequency?.[0] ??
    CART_CHANGE_FAILED
  )
}
