import { data, redirect } from 'react-router'
import { requireUser } from '~/auth/guards.server'
import { claimHoldIntoCart } from '~/cart/claim-hold.server'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import { ButtonLink } from '~/platform/ui/button'
import { Heading } from '~/platform/ui/heading'
import type { Route } from './+types/waiting-list-claim'

// The "Put it in my cart" link of a waiting-list hold's email (ADR 29). Following it signed in
// as the entry's customer puts the held units in the cart and opens the cart; a guest signs in
// first and comes back here. Safe to follow twice, and a mail scanner (no session) only
// reaches the sign-in page.

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const claimed = await claimHoldIntoCart(getDb(), user.id, { token: params.token })
  if (claimed.ok) throw redirect('/cart')
  return data({ message: claimed.message }, { status: claimed.status })
}

export default function WaitingListClaim({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <Heading level={1} size="large">
        Your reservation
      </Heading>
      <p role="alert" className="mt-4 text-lg text-ink">
        {loaderData.message}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <ButtonLink to="/shop">Continue Shopping</ButtonLink>
        <ButtonLink to="/account/waiting-list" variant="secondary">
          My Waiting List
        </ButtonLink>
      </div>
    </section>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: 'Your reservation' }),
  { name: 'robots', content: 'noindex' },
]
