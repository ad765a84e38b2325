import { Fragment, type ReactNode } from 'react'
import { Link } from 'react-router'
import { ResponsiveImage } from '~/platform/ui/responsive-image'
import { cardPriceText } from './card-price'
import { LOW_STOCK_THRESHOLD, stockStatus } from './stock'

export { LOW_STOCK_THRESHOLD }

/** The id of a product's card on a list, where a plain Add to Cart post comes back to. */
export function productCardId(productId: string): string {
  return `product-${productId}`
}

export type ProductCardData = {
  id: string
  name: string
  description: string
  price_cents: number
  image_url: string | null
  stock_quantity: number
  unit: string
  /** The price is the lowest of several options': shown as "From $X" */
  price_is_from?: boolean
  /** sold by weight (ADR 30): a piece's average; price_cents is then per lb */
  average_weight_centi_lb?: number | null
  /** may be subscribed (ADR 32), at this discount: a "Subscribe & save" badge; null: it may not */
  subscription_discount_percent?: number | null
  /** picked up or delivered locally, never shipped: a "Pickup or delivery only" badge */
  local_only?: boolean
}

/**
 * How soon a card's picture is fetched: `lazy` below the fold; `eager` for the rest of a grid's
 * first row; `priority` for the first card of a grid that opens the page, whose picture is the
 * page's largest on a phone (high priority, preloaded).
 */
export type CardImageLoading = 'lazy' | 'eager' | 'priority'

/** A grid of two columns on a phone, two from 640 px, three from 1024 px (max-w-6xl page). */
const TWO_COLUMN_SIZES = '(min-width: 1024px) 352px, (min-width: 640px) calc(50vw - 44px), 50vw'

/**
 * A product on a grid. The whole card opens the product: its "View Details" link is stretched
 * over the card (a tap anywhere on the picture, name or text), while its name stays short for
 * assistive technology and no control sits inside another. The card's one action (`children`:
 * the shop's Add to Cart or Choose options) is raised above that link.
 */
export function ProductCard({
  product,
  headingLevel = 3,
  imageLoading = 'lazy',
  sizes = TWO_COLUMN_SIZES,
  children,
}: {
  product: ProductCardData
  /** 2 where the card sits right under the page's h1 (the shop grid), else 3 */
  headingLevel?: 2 | 3
  imageLoading?: CardImageLoading
  /** the picture's `sizes`; by default half the screen on a phone (a two-column grid) */
  sizes?: string
  /** The card's action, e.g. the shop's Add to Cart, under the description */
  children?: ReactNode
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const price = cardPriceText(product)
  return (
    <article
      id={productCardId(product.id)}
      className="group relative flex w-full scroll-mt-24 flex-col overflow-hidden rounded-lg border border-earth-100 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="relative aspect-[4/3] bg-earth-100">
        <ResponsiveImage
          src={product.image_url}
          alt={product.name}
          width={400}
          height={300}
          sizes={sizes}
          className="h-full w-full object-cover"
          priority={imageLoading === 'priority'}
          eager={imageLoading === 'eager'}
        />
        <CardBadges product={product} />
      </div>
      <div className="flex flex-1 flex-col p-3 sm:p-5">
        <Heading className="font-display text-base leading-snug font-bold text-ink group-hover:underline sm:text-xl">
          {product.name}
        </Heading>
        {/* Stretched over the whole card (the article is its containing block); the card's
            action is raised above it. The words are for assistive technology and for tests
            that look for each card's View Details; a sighted shopper sees the card itself.
            Its focus ring is drawn inside: the card clips anything outside its corners. */}
        <Link
          to={`/product/${product.id}`}
          aria-label={`View Details: ${product.name}`}
          className="absolute inset-0 rounded-lg focus-visible:outline-offset-[-3px]"
        >
          <span className="sr-only">View Details</span>
        </Link>
        <p className="mt-1 text-sm font-semibold text-pasture-800 sm:text-base">
          {price.price}
          {price.note ? (
            <span className="block text-xs font-normal text-muted sm:text-sm">{price.note}</span>
          ) : null}
        </p>
        {/* The clamp sits inside the growing box: a clamped box that grows shows lines past its
            "…" (issue 17), so every card shows at most the same lines. */}
        <div className="mt-1.5 flex-1 sm:mt-2">
          <p className="line-clamp-2 text-sm text-muted sm:line-clamp-3 sm:text-base">
            {product.description}
          </p>
        </div>
        {children ? <div className="relative z-10 mt-3">{children}</div> : null}
      </div>
    </article>
  )
}

const badgeClass =
  'rounded-full bg-white px-2 py-0.5 text-xs font-semibold shadow-sm ring-1 ring-inset'

/** Small labels over the picture: stock first, then how the product is sold. */
function CardBadges({ product }: { product: ProductCardData }) {
  const status = stockStatus(product.stock_quantity)
  const badges = [
    status === 'out-of-stock'
      ? { label: 'Out of Stock', tone: 'text-red-800 ring-red-800/30' }
      : status === 'low-stock'
        ? { label: 'Low Stock', tone: 'text-earth-700 ring-earth-700/30' }
        : null,
    subscriptionBadge(product.subscription_discount_percent),
    product.local_only ? { label: 'Pickup or delivery only', tone: pastureTone } : null,
  ].filter((badge) => badge !== null)
  if (badges.length === 0) return null
  return (
    // Not a list: the card is already an item of the grid's list, and a list in each would make
    // the grid read as dozens of items.
    <p className="absolute top-2 left-2 right-2 flex flex-wrap gap-1 sm:top-3 sm:left-3">
      {badges.map((badge) => (
        // The space keeps two badges two words for a screen reader; flex hides it on screen.
        <Fragment key={badge.label}>
          <span className={`${badgeClass} ${badge.tone}`}>{badge.label}</span>{' '}
        </Fragment>
      ))}
    </p>
  )
}

const pastureTone = 'text-pasture-800 ring-pasture-700/30'

function subscriptionBadge(discountPercent: number | null | undefined) {
  if (discountPercent === null || discountPercent === undefined) return null
  const label =
    discountPercent > 0 ? `Subscribe & save ${discountPercent}%` : 'Subscription available'
  return { label, tone: pastureTone }
}
