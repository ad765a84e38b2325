import { getLogger } from '~/platform/log.server'

// What higher domains do when a shopper signs in, signs up or returns from a social provider:
// the cart merges the guest cart into the account's. Auth sits below the cart in the layout,
// so the cart registers here (when its module loads) instead of auth importing the cart.

/** Runs after the sign-in succeeded; may add Set-Cookie lines to the sign-in's response. */
export type SignInHook = (request: Request, customerId: string, headers: Headers) => Promise<void>

const hooks = new Map<string, SignInHook>()

/** Registers (or replaces, when a module is loaded again) the hook named `name`. */
export function onSignIn(name: string, hook: SignInHook): void {
  hooks.set(name, hook)
}

/** Each hook's failure is logged and never stops the sign-in itself. */
export async function runSignInHooks(
  request: Request,
  customerId: string,
  headers: Headers,
): Promise<void> {
  for (const [name, hook] of hooks) {
    try {
      await hook(request, customerId, headers)
    } catch (error) {
      getLogger().error({ err: error, hook: name }, 'a sign-in hook failed')
    }
  }
}
