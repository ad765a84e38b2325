import { Link, useNavigation } from 'react-router'
import { AddToCartForm } from '~/cart/add-to-cart'
import { ProductCard } from '~/catalog/product-card'
import { type CatalogCard, getShopPage } from '~/catalog/products.server'
import { pageMeta } from '~/content/meta'
import { getDb } from '~/db/db.server'
import type { Route } from './+types/shop'

export async function loader({ request }: Route.LoaderArgs) {
  // Any text is a fine filter: a category nobody sells shows the empty text, not an error.
  const category = new URL(request.url).searchParams.get('category')?.trim() || null
  return { ...(await getShopPage(getDb(), category)), category }
}

const filterClass =
  'inline-block rounded-full border-2 px-4 py-2 text-sm font-semibold aria-[current=page]:border-pasture-700 aria-[current=page]:bg-pasture-700 aria-[current=page]:text-white'

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { categories, products, category } = loaderData
  const navigation = useNavigation()
  // Shown only while another category is really being fetched (D8: no simulated waits).
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/shop'
  const filters = [
    { label: 'All Products', to: '/shop', active: category === null },
    ...categories.map((name) => ({
      label: name,
      to: `/shop?${new URLSearchParams({ category: name })}`,
      active: category === name,
    })),
  ]

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="font-display text-4xl font-bold text-pasture-800">Shop</h1>
      <p className="mt-3 max-w-2xl text-muted">
        Grass-fed beef, pasture-raised eggs, vegetables and pantry goods from our farm.
      </p>

      {/* Links, not buttons: each category has its own address and works without JavaScript. */}
      <nav aria-label="Product categories" className="mt-8">
        <ul className="flex flex-wrap gap-3">
          {filters.map((filter) => (
            <li key={filter.label}>
              <Link
                to={filter.to}
                aria-current={filter.active ? 'page' : undefined}
                className={`${filterClass} ${
                  filter.active
                    ? ''
                    : 'border-stone-300 bg-white text-ink hover:border-pasture-600 hover:text-pasture-800'
                }`}
              >
                {filter.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div aria-busy={loading} className="mt-10">
        {loading ? (
          <p role="status" className="mb-4 text-muted">
            Loading products...
          </p>
        ) : null}
        {products.length === 0 ? (
          <p className="text-lg text-muted">No products available in this category.</p>
        ) : (
          <ul
            aria-label={category ? `${category} products` : 'All products'}
            className={`grid gap-8 sm:grid-cols-2 lg:grid-cols-3 ${loading ? 'opacity-60' : ''}`}
          >
            {products.map((product) => (
              <li key={product.id} className="flex">
                <ProductCard product={product} headingLevel={2}>
                  {product.stock_quantity > 0 ? <CardAddToCart product={product} /> : null}
                </ProductCard>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

/**
 * The grid's Add to Cart. A product with several options adds the first one in stock, and the
 * card says which, with the way to choose another.
 */
function CardAddToCart({ product }: { product: CatalogCard }) {
  const option = product.option_count > 1 ? product.default_variant : null
  return (
    <>
      {option ? (
        <p className="mt-3 text-sm text-muted">
          Adds {option.name}.{' '}
          <Link to={`/product/${product.id}`} className="font-semibold text-pasture-800 underline">
            Choose another option<span className="sr-only"> for {product.name}</span>
          </Link>
        </p>
      ) : null}
      <AddToCartForm
        productId={product.id}
        variantId={product.default_variant?.id ?? undefined}
        buttonClassName="mt-3 w-full"
        card={{ productName: product.name, optionName: option?.name }}
      />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title:
      loaderData?.category && loaderData.categories.includes(loaderData.category)
        ? `${loaderData.category} | Shop`
        : 'Shop',
    description:
      'Shop grass-fed beef, beef shares, pasture-raised eggs, vegetable boxes and pantry goods from our Idaho family farm.',
  })
