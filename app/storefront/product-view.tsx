import { useState } from 'react'
import { useRouteLoaderData } from 'react-router'
import { AddToCartForm } from '~/cart/add-to-cart'
import { ProductBreadcrumb } from '~/catalog/product-breadcrumb'
import { PhoneBuyBar } from '~/catalog/product-buy-bar'
import { ProductFacts } from '~/catalog/product-facts'
import { ProductGallery } from '~/catalog/product-gallery-view'
import { ProductOptions } from '~/catalog/product-options'
import { FarmPromise } from '~/catalog/product-promise'
import { productJsonLd, productPath, serializeJsonLd } from '~/catalog/product-seo'
import { QuantityStepper } from '~/catalog/quantity-stepper'
import { RelatedProducts } from '~/catalog/related-products'
import { clampQuantity, expectedAvailabilityText, stockStatus } from '~/catalog/stock'
import { sellingUnit } from '~/catalog/variants'
import { weightPriceText } from '~/catalog/weight'
import { FulfilmentFacts } from '~/fulfilment/product-fulfilment-facts'
import type { FormReply } from '~/platform/forms/conform'
import { useHydrated } from '~/platform/ui/disclosure'
import { Heading } from '~/platform/ui/heading'
import { useNonce } from '~/platform/ui/nonce'
import { Price } from '~/platform/ui/price'
import type { loader as rootLoader } from '~/root'
import { PurchaseChoice } from '~/subscriptions/purchase-choice'
import { keptForSubscribersText } from '~/subscriptions/storefront'
import { JOIN_WAITING_LIST, WaitingListDialog } from '~/waiting-list/waiting-list-dialog'
import type { LoadedProductPage } from './product-page.server'

// The product page (/product/:id): the product, its options and pictures, how to buy it or
// wait for it, how and when it can be had, and related products.

// The page's Add to Cart form, which the phone's bar submits too.
const ADD_TO_CART_FORM = 'product-add-to-cart'

export type ProductViewPage = LoadedProductPage & {
  /** the waiting-list dialog opens with the page (?waitlist=1) */
  waitlistOpen: boolean
  baseUrl: string
}

export function ProductView({
  page,
  actionData,
}: {
  page: ProductViewPage
  /** the page's action's reply to the last post (joining the waiting list) */
  actionData: FormReply | undefined
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
      <ProductBreadcrumb productName={product.name} />

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
            <ProductOptions
              productId={product.id}
              options={product.variants}
              selectedId={variant?.id ?? null}
              onChoose={chooseVariant}
            />
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

          <ProductFacts
            category={product.category}
            unit={product.unit}
            outOfStock={status === 'out-of-stock'}
          />
        </div>
      </div>

      <RelatedProducts cards={related} />

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
