import { mergeGuestCartAtSignIn } from '~/cart/guest-cart-merge.server'
import { getDb } from '~/platform/db/db.server'
import { getLogger } from '~/platform/log.server'

// What a completed sign-in does beyond the auth domain, whichever way it came (password,
// sign-up or a social provider's callback): this browser's guest cart joins the account's
// (D4), and the same response forgets the guest cart's cookie. The routes where a sign-in
// completes call it; auth sits below the cart and knows nothing of carts.

/**
 * Adds its Set-Cookie lines to the sign-in's response headers. A failure is logged and never
 * stops the sign-in: the shopper is signed in either way, and their guest cart stays theirs.
 */
export async function completeSignIn(
  request: Request,
  customerId: string,
  headers: Headers,
): Promise<void> {
  try {
    const cookie = await mergeGuestCartAtSignIn(getDb(), request, customerId)
    if (cookie) headers.append('Set-Cookie', cookie)
  } catch (error) {
    getLogger().error({ err: error }, 'merging the guest cart at sign-in failed')
  }
}
