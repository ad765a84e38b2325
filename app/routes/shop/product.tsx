import { data } from 'react-router'
import { getCurrentUser } from '~/auth/session.server'
import { absoluteUrl, metaDescription, productPath } from '~/catalog/product-seo'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import { parseSubmission, replyDone, replyInvalid, replyRefused } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { PLACEHOLDER_IMAGE } from '~/platform/images/image-url'
import { TOO_MANY_ATTEMPTS } from '~/platform/rate-limit.server'
import { GeneralErrorBoundary } from '~/platform/ui/error-boundary'
import { loadProductPage } from '~/storefront/product-page.server'
import { ProductView } from '~/storefront/product-view'
import { joinWaitingList } from '~/waiting-list/waiting-list.server'
import { JOIN_WAITING_LIST } from '~/waiting-list/waiting-list-dialog'
import { ProductActionSchema, WAITING_LIST_MESSAGES } from '~/waiting-list/waiting-list-form'
import type { Route } from './+types/product'

// Ids are generated UUIDs; anything far longer is not one of ours.
const MAX_ID_LENGTH = 100

export async function loader({ params, request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const page =
    params.id.length <= MAX_ID_LENGTH
      ? await loadProductPage(getDb(), params.id, {
          variant: url.searchParams.get('variant'),
          image: url.searchParams.get('image'),
        })
      : null
  if (!page) throw data(null, { status: 404 })
  return {
    ...page,
    waitlistOpen: url.searchParams.get('waitlist') === '1',
    baseUrl: getEnv().baseUrl,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = parseSubmission(await readForm(request), ProductActionSchema)
  const form = JOIN_WAITING_LIST
  const refuse = (message: string, status: number) =>
    replyRefused(submission, message, status, { form })
  // A guest's post (the dialog shows guests a sign-in prompt, so this is a stale page or a
  // hand-made request) gets the specification's message rather than a redirect.
  const user = await getCurrentUser(request)
  if (!user) return refuse(WAITING_LIST_MESSAGES.signInRequired, 401)
  if (submission.status !== 'success') {
    // The quantity's complaint sits by its field; anything else is not the dialog's doing.
    const fields = Object.keys(submission.error ?? {})
    return fields.every((name) => name === 'quantity')
      ? replyInvalid(submission, { form })
      : refuse(WAITING_LIST_MESSAGES.failed, 400)
  }
  try {
    const result = await joinWaitingList(getDb(), {
      customerId: user.id,
      productId: params.id,
      variantId: submission.value.variantId,
      quantity: submission.value.quantity,
      notifyByEmail: submission.value.notifyByEmail,
    })
    if (result.ok) return replyDone(submission, WAITING_LIST_MESSAGES.joined, { form })
    switch (result.reason) {
      case 'duplicate':
        return refuse(WAITING_LIST_MESSAGES.duplicate, 409)
      case 'in-stock':
        return refuse(WAITING_LIST_MESSAGES.inStock, 409)
      case 'not-found':
        return refuse(WAITING_LIST_MESSAGES.notFound, 404)
      case 'rate-limited':
        return refuse(TOO_MANY_ATTEMPTS, 429)
    }
  } catch (error) {
    context.log.error({ err: error, productId: params.id }, 'joining the waiting list failed')
    return refuse(WAITING_LIST_MESSAGES.failed, 500)
  }
}

export default function Product({ loaderData, actionData }: Route.ComponentProps) {
  // Another product starts the page's state afresh. The same product keeps the shopper's
  // choice across revalidations (after a join, or a cart update elsewhere on the page), since
  // an option chosen in place is not in the router's location (see chooseVariant).
  return <ProductView key={loaderData.product.id} page={loaderData} actionData={actionData} />
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return pageMeta(matches, { title: 'Product Not Found' })
  const { product, baseUrl } = loaderData
  const url = absoluteUrl(baseUrl, productPath(product.id))
  return [
    ...pageMeta(matches, {
      title: product.name,
      description: metaDescription(product.description),
    }),
    { property: 'og:image', content: absoluteUrl(baseUrl, product.image_url ?? PLACEHOLDER_IMAGE) },
    { property: 'og:url', content: url },
    { tagName: 'link', rel: 'canonical', href: url },
  ]
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      look="page"
      notFound={{
        title: 'Product Not Found',
        message: "The product you're looking for doesn't exist or has been removed",
      }}
      back={{ to: '/shop', label: 'Back to Shop' }}
    />
  )
}
