import { data, Form } from 'react-router'
import { pageMeta } from '~/farm/meta'
import {
  NEWSLETTER_BAD_LINK,
  NEWSLETTER_UNSUBSCRIBED,
  NewsletterTokenSchema,
} from '~/newsletter/newsletter'
import {
  findNewsletterSubscription,
  unsubscribeFromNewsletter,
} from '~/newsletter/newsletter.server'
import { getDb } from '~/platform/db/db.server'
import { readForm } from '~/platform/forms/form-data.server'
import { Heading } from '~/platform/ui/heading'
import { StatusButton } from '~/platform/ui/status-button'
import { useIsPending } from '~/platform/ui/use-is-pending'
import type { Route } from './+types/newsletter-unsubscribe'

// The unsubscribe link at the end of every newsletter email (D13). Opening it only asks
// (mail scanners follow links, and must not unsubscribe anyone); the button posts. Mail
// clients' one-click unsubscribe (RFC 8058) posts "List-Unsubscribe=One-Click" to the same
// URL, token in the query, and is answered the same way.

function tokenFrom(request: Request, form?: FormData) {
  const posted = form?.get('token')
  const raw = typeof posted === 'string' ? posted : new URL(request.url).searchParams.get('token')
  const token = NewsletterTokenSchema.safeParse(raw)
  return token.success ? token.data : null
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenFrom(request)
  const subscription = token ? await findNewsletterSubscription(getDb(), token) : undefined
  if (!token || !subscription) {
    return data({ valid: false as const }, { status: 400 })
  }
  return {
    valid: true as const,
    token,
    email: subscription.email,
    alreadyUnsubscribed: subscription.status === 'unsubscribed',
  }
}

export async function action({ request }: Route.ActionArgs) {
  // A one-click post whose body cannot be read still carries its token in the query.
  const form = await readForm(request).catch(() => undefined)
  const token = tokenFrom(request, form)
  const unsubscribed = token !== null && (await unsubscribeFromNewsletter(getDb(), token))
  return data({ unsubscribed }, { status: unsubscribed ? 200 : 400 })
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const unsubscribing = useIsPending()
  const done = actionData?.unsubscribed || (loaderData.valid && loaderData.alreadyUnsubscribed)
  const invalid = actionData ? !actionData.unsubscribed : !loaderData.valid

  let body: React.ReactNode
  if (invalid) {
    body = (
      <p role="alert" className="mt-4 text-lg text-ink">
        {NEWSLETTER_BAD_LINK}
      </p>
    )
  } else if (done) {
    body = (
      <>
        <p role="status" className="mt-4 text-lg text-ink">
          {NEWSLETTER_UNSUBSCRIBED}
        </p>
        <p className="mt-2 text-muted">
          We are sorry to see you go. You will not receive any more newsletters from us.
        </p>
      </>
    )
  } else if (loaderData.valid) {
    body = (
      <>
        <p className="mt-4 text-lg text-ink">
          Stop sending the newsletter to <strong>{loaderData.email}</strong>?
        </p>
        <Form method="post" className="mt-8">
          <input type="hidden" name="token" value={loaderData.token} />
          <StatusButton
            type="submit"
            status={unsubscribing ? 'pending' : 'idle'}
            pendingText="Unsubscribing..."
          >
            Unsubscribe
          </StatusButton>
        </Form>
      </>
    )
  }

  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <Heading level={1} size="large">
        Unsubscribe from our newsletter
      </Heading>
      {body}
    </section>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: 'Unsubscribe' }),
  { name: 'robots', content: 'noindex' },
]
