import { Link } from 'react-router'
import { Price } from '~/components/price'

export const LOW_STOCK_THRESHOLD = 5
const PLACEHOLDER_IMAGE = '/images/placeholder.svg'

export type ProductCardData = {
  id: string
  name: string
  description: string
  price_cents: number
  image_url: string | null
  stock_quantity: number
  unit: string
}

export function ProductCard({ product }: { product: ProductCardData }) {
  const outOfStock = product.stock_quantity <= 0
  const lowStock = !outOfStock && product.stock_quantity < LOW_STOCK_THRESHOLD
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-earth-100 bg-white shadow-sm">
      <div className="relative aspect-[4/3] bg-earth-100">
        <img
          src={product.image_url ?? PLACEHOLDER_IMAGE}
          alt={product.name}
          width="400"
          height="300"
          loading="lazy"
          className="h-full w-full object-cover"
        />
        {outOfStock ? (
          <span className="absolute left-3 top-3 rounded bg-red-800 px-2 py-1 text-xs font-bold text-white">
            Out of Stock
          </span>
        ) : lowStock ? (
          <span className="absolute left-3 top-3 rounded bg-earth-700 px-2 py-1 text-xs font-bold text-white">
            Low Stock
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 className="font-display text-xl font-bold text-ink">{product.name}</h3>
        <p className="mt-1 text-lg font-semibold text-pasture-700">
          <Price cents={product.price_cents} />{' '}
          <span className="text-sm font-normal text-muted">{product.unit}</span>
        </p>
        <p className="mt-2 line-clamp-3 flex-1 text-muted">{product.description}</p>
        <Link
          to={`/product/${product.id}`}
          aria-label={`View Details: ${product.name}`}
          className="mt-4 inline-block rounded-md border-2 border-pasture-700 px-4 py-2 text-center font-semibold text-pasture-800 hover:bg-pasture-50"
        >
          View Details
        </Link>
      </div>
    </article>
  )
}
