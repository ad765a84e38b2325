import { useState } from 'react'
import { data, Link, useRouteLoaderData } from 'react-router'
import { getCurrentUser } from '~/auth/session.server'
import { AddToCartForm } from '~/cart/add-to-cart'
import { PhoneBuyBar } from '~/catalog/product-buy-bar'
import { ProductCard } from '~/catalog/product-card'
import { ProductGallery } from '~/catalog/product-gallery-view'
import { FarmPromise } from '~/catalog/product-promise'
import {
  absoluteUrl,
  metaDescription,
  productJsonLd,
  productPath,
  serializeJsonLd,
} from '~/catalog/product-seo'
import { QuantityStepper } from '~/catalog/quantity-stepper'
import { clampQuantity, expectedAvailabilityText, stockStatus } from '~/catalog/stock'
import { sellingUnit } from '~/catalog/variants'
import { weightPriceText } from '~/catalog/weight'
import { pageMeta } from '~/farm/meta'
import { FulfilmentFacts } from '~/fulfilment/product-fulfilment-facts'
import { getDb } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import { parseSubmission, replyDone, replyInvalid, replyRefused } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { PLACEHOLDER_IMAGE } from '~/platform/images/image-url'
import { TOO_MANY_ATTEMPTS } from '~/platform/rate-limit.server'
import { useHydrated } from '~/platform/ui/disclosure'
import { GeneralErrorBoundary } from '~/platform/ui/error-boundary'
import { Heading } from '~/platform/ui/heading'
import { useNonce } from '~/platform/ui/nonce'
import { Price } from '~/platform/ui/price'
import type { loader as rootLoader } from '~/root'
import { loadProductPage } from '~/storefront/product-page.server'
import { PurchaseChoice } from '~/subscriptions/purchase-choice'
import { keptForSubscribersText } from '~/subscriptions/storefront'
import { joinWaitingList } from '~/waiting-list/waiting-list.server'
import { JOIN_WAITING_LIST, WaitingListDialog } from '~/waiting-list/waiting-list-dialog'
import { ProductActionSchema, WAITING_LIST_MESSAGES } from '~/waiting-list/waiting-list-form'
import type { Route } from './+types/product'

// Ids are generated UUIDs; anything far longer is not one of ours.
const MAX_ID_LENGTH = 100

// The page's Add to Cart form, which the phone's bar submits too.
const ADD_TO_CART_FORM = 'product-add-to-cart'

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

function ProductView({
  page,
  actionData,
}: {
  page: Route.ComponentProps['loaderData']
  actionData: Route.ComponentProps['actionData']
}) {
  const { product, related } = page
  const hydrated = useHydrated()
  const nonce = useNonce()
  // Whether to offer the waiting-list form or a sign-in prompt: the root loader already knows
  // who is signed in (asking again here would cost two more queries).
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>('root')?.user)
  const [variantId, setVariantId] = useState(page.selectedVariantId)
  const variant = product.variants.find((option) => option.id === variantId) ?? null
  const stock = variant ? variant.stock_quantity : product.stock_quantity
  const price = variant ? variant.price_cents : product.price_cents
  const averageWeight = variant
    ? (variant.average_weight_centi_lb ?? null)
    : product.average_weight_centi_lb
  const status = stockStatus(stock)
  // Subscriptions (ADR 32): `stock` is what one-time shoppers may buy (free stock); say so
  // when the rest is kept for subscribers.
  const keptForSubscribers = variant
    ? Boolean(variant.kept_for_subscribers)
    : product.kept_for_subscribers
  const priceText = (cents: number) =>
    averageWeight ? (
      weightPriceText(cents, averageWeight)
    ) : (
      <Price cents={cents} unit={sellingUnit(product.unit, variant?.name)} />
    )
  const [quantity, setQuantity] = useState(() => clampQuantity(1, stock))
  const path = productPath(product.id, variant?.id)
  const expected = expectedAvailabilityText({
    nextAvailableDate: product.next_available_date,
    expectedQuantity: product.expected_quantity,
    inStock: status !== 'out-of-stock',
  })

  function chooseVariant(id: string) {
    const chosen = product.variants.find((option) => option.id === id)
    if (!chosen) return
    setVariantId(id)
    // Choosing an option lowers the quantity to its stock, never below 1 (spec section 4).
    setQuantity((current) => clampQuantity(current, chosen.stock_quantity))
    // The address keeps the option for a reload or a shared link. Only what is shown changes,
    // so this replaces the URL without a navigation (which would ask the server again).
    const url = new URL(window.location.href)
    url.searchParams.set('variant', id)
    url.searchParams.delete('waitlist')
    window.history.replaceState(window.history.state, '', url)
  }

  const jsonLd = serializeJsonLd(
    productJsonLd({
      baseUrl: page.baseUrl,
      product,
      variant,
      price_cents: price,
      stock_quantity: stock,
    }),
  )
  const waitingListResult = actionData?.form === JOIN_WAITING_LIST ? actionData : undefined

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap items-center gap-2 text-muted">
          <li>
            <Link to="/" className="hover:text-pasture-800 hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to="/shop" className="hover:text-pasture-800 hover:underline">
              Shop
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <span aria-current="page" className="font-semibold text-ink">
              {product.name}
            </span>
          </li>
        </ol>
      </nav>

      <div className="mt-6 grid gap-10 md:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
        <ProductGallery
          pictures={page.pictures}
          initialIndex={page.pictureIndex}
          productName={product.name}
          path={path}
        />
        <div>
          <Heading level={1} size="large">
            {product.name}
          </Heading>
          <p data-testid="price" className="mt-3 text-2xl font-semibold text-pasture-700">
            {priceText(price)}
          </p>
          <p className="mt-4 text-ink">{product.description}</p>

          {product.variants.length > 0 ? (
            // Without JavaScript each option is a GET submit (?variant=id) and the server
            // renders the page for it; with JavaScript the click is handled in place.
            <form method="get" action={productPath(product.id)} className="mt-6">
              <fieldset>
                <legend className="text-sm font-semibold text-ink">Options</legend>
                <div className="mt-2 flex flex-wrap gap-2">
                  {product.variants.map((option) => {
                    const selected = option.id === variant?.id
                    const soldOut = option.stock_quantity <= 0
                    return (
                      <button
                        key={option.id}
                        type="submit"
                        name="variant"
                        value={option.id}
                        aria-pressed={selected}
                        disabled={soldOut}
                        onClick={(event) => {
                          event.preventDefault()
                          chooseVariant(option.id)
                        }}
                        className={`rounded-md border-2 px-4 py-2 text-left disabled:cursor-not-allowed disabled:border-stone-300 disabled:bg-stone-100 disabled:text-muted ${
                          selected
                            ? 'border-pasture-700 bg-pasture-50 text-pasture-900'
                            : 'border-stone-500 bg-white text-ink hover:border-pasture-600'
                        }`}
                      >
                        <span className="block font-semibold">{option.name}</span>
                        <span className="block text-sm">
                          <Price
                            cents={option.price_cents}
                            unit={option.average_weight_centi_lb ? 'lb' : null}
                          />
                          {soldOut ? ' · Out of Stock' : null}
                        </span>
                      </button>
                    )
                  })}
                </div>
              </fieldset>
            </form>
          ) : null}

          {keptForSubscribers ? (
            <p className="mt-4 font-semibold text-earth-700">{keptForSubscribersText(stock)}</p>
          ) : status === 'low-stock' ? (
            <p className="mt-4 font-semibold text-earth-700">Only {stock} left in stock!</p>
          ) : null}

          {expected ? (
            <div className="mt-4 rounded-md border border-earth-100 bg-earth-50 px-4 py-3 text-ink">
              <p className="font-semibold">{expected}</p>
            </div>
          ) : null}

          <div className="mt-6">
            {status === 'out-of-stock' ? (
              <>
                <AddToCartForm
                  productId={product.id}
                  variantId={variant?.id ?? undefined}
                  disabled
                  label="Out of Stock"
                />
                <WaitingListDialog
                  productName={product.name}
                  variant={variant}
                  signedIn={signedIn}
                  pagePath={path}
                  initiallyOpen={page.waitlistOpen || waitingListResult !== undefined}
                  serverResult={waitingListResult}
                  hydrated={hydrated}
                />
              </>
            ) : (
              <AddToCartForm
                productId={product.id}
                variantId={variant?.id ?? undefined}
                formId={ADD_TO_CART_FORM}
                // On a phone the bar at the bottom carries the button (PhoneBuyBar).
                buttonClassName="max-sm:hidden"
              >
                {product.subscription ? (
                  <PurchaseChoice
                    // Another option starts the choice afresh (it may not be subscribable).
                    key={variant?.id ?? product.id}
                    frequencies={product.subscription.frequencies}
                    discountPercent={product.subscription.discountPercent}
                    priceCents={price}
                    priceText={priceText}
                    optionSubscribable={variant?.subscribable ?? true}
                  />
                ) : null}
                <QuantityStepper
                  name="quantity"
                  value={quantity}
                  onChange={setQuantity}
                  max={stock}
                  hydrated={hydrated}
                />
              </AddToCartForm>
            )}
          </div>

          <FulfilmentFacts facts={page.fulfilment} />
          <FarmPromise farmName={page.farm.name} promise={page.farm.promise} />

          <dl className="mt-8 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 border-t border-earth-100 pt-6 text-sm">
            <dt className="font-semibold text-ink">Category</dt>
            <dd className="text-muted">{product.category}</dd>
            <dt className="font-semibold text-ink">Unit</dt>
            <dd className="text-muted">{product.unit}</dd>
            <dt className="font-semibold text-ink">Availability</dt>
            <dd
              className={
                status === 'out-of-stock' ? 'font-semibold text-red-800' : 'text-pasture-800'
              }
            >
              {status === 'out-of-stock' ? 'Out of Stock' : 'In Stock'}
            </dd>
          </dl>
        </div>
      </div>

      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mt-16">
          <Heading level={2} id="related-heading">
            You May Also Like
          </Heading>
          <ul className="mt-6 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((card) => (
              <li key={card.id} className="flex">
                <ProductCard product={card} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {status === 'out-of-stock' ? null : (
        <PhoneBuyBar
          formId={ADD_TO_CART_FORM}
          productId={product.id}
          productName={product.name}
          price={priceText(price)}
        />
      )}

      {/* React writes a script's text as is; "<" is escaped in the JSON, so no product text
          can close the element early. */}
      <script type="application/ld+json" nonce={nonce}>
        {jsonLd}
      </script>
    </div>
  )
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
