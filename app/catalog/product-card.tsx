import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Price } from '~/platform/ui/price'
import { ResponsiveImage } from '~/platform/ui/responsive-image'
import { LOW_STOCK_THRESHOLD, stockStatus } from './stock'
import { weightPriceText } from './weight'

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
}

/**
 * How soon a card's picture is fetched: `lazy` below the fold; `eager` for the rest of a grid's
 * first row; `priority` for the first card of a grid that opens the page, whose picture is the
 * page's largest on a phone (high priority, preloaded).
 */
export type CardImageLoading = 'lazy' | 'eager' | 'priority'

export function ProductCard({
  product,
  headingLevel = 3,
  imageLoading = 'lazy',
  children,
}: {
  product: ProductCardData
  /** 2 where the card sits right under the page's h1 (the shop grid), else 3 */
  headingLevel?: 2 | 3
  imageLoading?: CardImageLoading
  /** Actions under View Details, e.g. the shop's Add to Cart */
  children?: ReactNode
}) {
  const status = stockStatus(product.stock_quantity)
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article
      id={productCardId(product.id)}
      className="flex w-full scroll-mt-24 flex-col overflow-hidden rounded-lg border border-earth-100 bg-white shadow-sm"
    >
      <div className="relative aspect-[4/3] bg-earth-100">
        <ResponsiveImage
          src={product.image_url}
          alt={product.name}
          width={400}
          height={300}
          sizes="(min-width: 1024px) 352px, (min-width: 640px) calc(50vw - 32px), calc(100vw - 32px)"
          className="h-full w-full object-cover"
          priority={imageLoading === 'priority'}
          eager={imageLoading === 'eager'}
        />
        {status === 'out-of-stock' ? (
          <span className="absolute left-3 top-3 rounded bg-red-800 px-2 py-1 text-xs font-bold text-white">
            Out of Stock
          </span>
        ) : status === 'low-stock' ? (
          <span className="absolute left-3 top-3 rounded bg-earth-700 px-2 py-1 text-xs font-bold text-white">
            Low Stock
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <Heading className="font-display text-xl font-bold text-ink">{product.name}</Heading>
        <p className="mt-1 text-lg font-semibold text-pasture-700">
          {product.price_is_from ? <span className="text-base font-normal">From </span> : null}
          {product.average_weight_centi_lb && !product.price_is_from ? (
            weightPriceText(product.price_cents, product.average_weight_centi_lb)
          ) : (
            // A "From" price is the cheapest option's, whose own size the card does not know.
            <Price cents={product.price_cents} unit={product.price_is_from ? null : product.unit} />
          )}
        </p>
        {/* The clamp sits inside the growing box: a clamped box that grows shows lines past its
            "…" (issue 17), so every card shows at most the same three lines. */}
        <div className="mt-2 flex-1">
          <p className="line-clamp-3 text-muted">{product.description}</p>
        </div>
        <Link
          to={`/product/${product.id}`}
          aria-label={`View Details: ${product.name}`}
          className="mt-4 inline-block rounded-md border-2 border-pasture-700 px-4 py-2 text-center font-semibold text-pasture-800 hover:bg-pasture-50"
        >
          View Details
        </Link>
        {children}
      </div>
    </article>
  )
}
