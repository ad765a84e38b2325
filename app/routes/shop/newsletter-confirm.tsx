import { data, Link } from 'react-router'
import { pageMeta } from '~/farm/meta'
import {
  NEWSLETTER_BAD_LINK,
  NEWSLETTER_CONFIRMED,
  NewsletterTokenSchema,
} from '~/newsletter/newsletter'
import { confirmNewsletterSubscription } from '~/newsletter/newsletter.server'
import { getDb } from '~/platform/db/db.server'
import { Heading } from '~/platform/ui/heading'
import { TextLink } from '~/platform/ui/link'
import type { Route } from './+types/newsletter-confirm'

// The link in the double opt-in email (D13). Following it twice is fine; a wrong, replaced or
// unsubscribed token gets a clear message and a 400.
export async function loader({ request }: Route.LoaderArgs) {
  const token = NewsletterTokenSchema.safeParse(new URL(request.url).searchParams.get('token'))
  const confirmed = token.success && (await confirmNewsletterSubscription(getDb(), token.data))
  return data({ confirmed }, { status: confirmed ? 200 : 400 })
}

const linkClass =
  'mt-8 inline-block rounded-md bg-pasture-700 px-5 py-3 font-semibold text-white hover:bg-pasture-800'

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <Heading level={1} size="large">
        {loaderData.confirmed ? 'Thank you!' : 'Link not valid'}
      </Heading>
      <p role={loaderData.confirmed ? 'status' : 'alert'} className="mt-4 text-lg text-ink">
        {loaderData.confirmed ? NEWSLETTER_CONFIRMED : NEWSLETTER_BAD_LINK}
      </p>
      {loaderData.confirmed ? (
        <p className="mt-2 text-muted">
          Watch your inbox for news from the farm. Every email has a link to unsubscribe.
        </p>
      ) : (
        <p className="mt-2 text-muted">
          You can sign up again on our <TextLink to="/contact">contact page</TextLink>.
        </p>
      )}
      <Link to="/shop" className={linkClass}>
        Visit the shop
      </Link>
    </section>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: 'Newsletter' }),
  { name: 'robots', content: 'noindex' },
]
