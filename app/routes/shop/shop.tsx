import { Form, Link, useNavigation } from 'react-router'
import { AddToCartForm } from '~/cart/add-to-cart'
import { cardAction } from '~/catalog/card-action'
import { type CardImageLoading, ProductCard } from '~/catalog/product-card'
import { absoluteUrl } from '~/catalog/product-seo'
import type { CatalogCard } from '~/catalog/products.server'
import { getShopPage } from '~/catalog/shop-page.server'
import {
  pageNumbers,
  parseShopQuery,
  SEARCH_MAX_LENGTH,
  SHOP_PAGE_SIZE,
  SHOP_SORTS,
  type ShopQuery,
  shopHref,
} from '~/catalog/shop-query'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import { Button, ButtonLink } from '~/platform/ui/button'
import { Heading } from '~/platform/ui/heading'
import { TextLink } from '~/platform/ui/link'
import { PageBanner } from '~/platform/ui/page-hero'
import type { Route } from './+types/shop'

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseShopQuery(new URL(request.url).searchParams)
  const page = await getShopPage(getDb(), query)
  return { ...page, query: { ...query, page: page.page }, baseUrl: getEnv().baseUrl }
}

const filterClass =
  'inline-block rounded-full border-2 px-3 py-1.5 text-sm font-semibold sm:px-4 sm:py-2 aria-[current=page]:border-pasture-700 aria-[current=page]:bg-pasture-700 aria-[current=page]:text-white'

export default function Shop({ loaderData, matches }: Route.ComponentProps) {
  const { categories, products, query, total, page, pageCount } = loaderData
  const navigation = useNavigation()
  // Shown only while another page of the shop is really being fetched (D8: no simulated waits).
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/shop'
  // A category keeps the search and the order; it starts again at its first page.
  const filters = [
    {
      label: 'All Products',
      to: shopHref({ ...query, category: null, page: 1 }),
      active: !query.category,
    },
    ...categories.map((name) => ({
      label: name,
      to: shopHref({ ...query, category: name, page: 1 }),
      active: query.category === name,
    })),
  ]
  const first = (page - 1) * SHOP_PAGE_SIZE + 1
  const banner = matches[0].loaderData.farm.shop_hero_image_url

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <PageBanner image={banner} />
      <Heading level={1} size="large">
        Shop
      </Heading>
      <p className="mt-3 max-w-2xl text-muted">
        Grass-fed beef, pasture-raised eggs, vegetables and pantry goods from our farm.
      </p>

      <ShopSearch query={query} />

      {/* Links, not buttons: each category has its own address and works without JavaScript. */}
      <nav aria-label="Product categories" className="mt-6">
        <ul className="flex flex-wrap gap-2 sm:gap-3">
          {filters.map((filter) => (
            <li key={filter.label}>
              <Link
                to={filter.to}
                aria-current={filter.active ? 'page' : undefined}
                className={`${filterClass} ${
                  filter.active
                    ? ''
                    : 'border-stone-500 bg-white text-ink hover:border-pasture-600 hover:text-pasture-800'
                }`}
              >
                {filter.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div aria-busy={loading} className="mt-6 sm:mt-8">
        {loading ? (
          <p role="status" className="mb-4 text-muted">
            Loading products...
          </p>
        ) : null}
        {products.length === 0 ? (
          query.q ? (
            <p className="text-lg text-muted">
              No products match “{query.q}”.{' '}
              <TextLink to={shopHref({ ...query, q: '', page: 1 })}>Clear search</TextLink>
            </p>
          ) : (
            <p className="text-lg text-muted">No products available in this category.</p>
          )
        ) : (
          <>
            <p className="mb-4 text-sm text-muted">
              {pageCount > 1
                ? `Showing ${first}–${first + products.length - 1} of ${total} products`
                : `${total} ${total === 1 ? 'product' : 'products'}`}
              {query.q ? ` matching “${query.q}”` : ''}
            </p>
            <ul
              aria-label={query.category ? `${query.category} products` : 'All products'}
              className={`grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 ${loading ? 'opacity-60' : ''}`}
            >
              {products.map((product, index) => (
                <li key={product.id} className="flex">
                  <ProductCard
                    product={product}
                    headingLevel={2}
                    imageLoading={firstRowImageLoading(index, banner !== null)}
                  >
                    <CardPrimaryAction product={product} />
                  </ProductCard>
                </li>
              ))}
            </ul>
            <Pager query={query} pageCount={pageCount} />
          </>
        )}
      </div>
    </div>
  )
}

/** The grid's widest row: three columns from 1024 px (`lg:grid-cols-3`). */
const FIRST_ROW = 3

/**
 * The page's largest element on a phone is the shop's banner, or without one the first card's
 * picture (two columns): that one is preloaded at high priority. The rest of the first row is
 * in view and is not left to lazy loading, which waits for layout. Only one is raised: the
 * others would share a phone's slow link with the one the page's first paint waits for.
 */
function firstRowImageLoading(index: number, hasBanner: boolean): CardImageLoading {
  if (index === 0) return hasBanner ? 'eager' : 'priority'
  return index < FIRST_ROW ? 'eager' : 'lazy'
}

/**
 * Search and sort in one GET form, so the result has an address and works without JavaScript.
 * The category stays as it is; a new search starts at the first page.
 */
function ShopSearch({ query }: { query: ShopQuery }) {
  return (
    <Form
      method="get"
      action="/shop"
      role="search"
      aria-label="Products"
      className="mt-6 flex flex-wrap items-end gap-3 sm:mt-8"
    >
      {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
      <div className="min-w-0 flex-1 basis-60">
        <label htmlFor="shop-search" className="block text-sm font-semibold text-ink">
          Search products
        </label>
        <input
          id="shop-search"
          type="search"
          name="q"
          defaultValue={query.q}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="Steak, eggs, honey..."
          className={`${inputClass} w-full`}
        />
      </div>
      <div>
        <label htmlFor="shop-sort" className="block text-sm font-semibold text-ink">
          Sort by
        </label>
        <select id="shop-sort" name="sort" defaultValue={query.sort} className={inputClass}>
          {SHOP_SORTS.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit">Search</Button>
    </Form>
  )
}

const inputClass =
  'mt-1 block rounded-md border border-stone-500 bg-white px-3 py-2 text-ink shadow-sm focus:border-pasture-700 focus:outline-none focus:ring-2 focus:ring-pasture-600'

const pagerLinkClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border-2 px-3 font-semibold'

/** Previous, the page numbers and Next, as links: every page has its own address. */
function Pager({ query, pageCount }: { query: ShopQuery; pageCount: number }) {
  if (pageCount <= 1) return null
  const { page } = query
  const link = (n: number) => shopHref({ ...query, page: n })
  return (
    <nav aria-label="Pagination" className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link
              to={link(page - 1)}
              rel="prev"
              className={`${pagerLinkClass} border-stone-500 bg-white`}
            >
              Previous
            </Link>
          </li>
        ) : null}
        {pageNumbers(page, pageCount).map((n, i) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={link(n)}
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
                className={`${pagerLinkClass} ${
                  n === page
                    ? 'border-pasture-700 bg-pasture-700 text-white'
                    : 'border-stone-500 bg-white text-ink hover:border-pasture-600'
                }`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link
              to={link(page + 1)}
              rel="next"
              className={`${pagerLinkClass} border-stone-500 bg-white`}
            >
              Next
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}

const cardActionText = 'w-full text-sm sm:text-base'

/**
 * The card's one action (issue 22): Add to Cart for one thing in stock; for several options the
 * way to the product page, where the shopper picks one; when nothing is left, the way to its
 * waiting list. Each names its product for assistive technology.
 */
function CardPrimaryAction({ product }: { product: CatalogCard }) {
  const action = cardAction(product)
  if (action === 'add') {
    return (
      <AddToCartForm
        productId={product.id}
        variantId={product.default_variant?.id ?? undefined}
        buttonClassName={cardActionText}
        card={{ productName: product.name }}
      />
    )
  }
  const to = `/product/${product.id}`
  if (action === 'choose') {
    return (
      <ButtonLink to={to} variant="secondary" className={cardActionText}>
        Choose options<span className="sr-only"> for {product.name}</span>
      </ButtonLink>
    )
  }
  return (
    <TextLink to={to} size="small" className="inline-flex min-h-6 items-center hover:no-underline">
      Join Waiting List<span className="sr-only"> for {product.name}</span>
    </TextLink>
  )
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const description =
    'Shop grass-fed beef, beef shares, pasture-raised eggs, vegetable boxes and pantry goods from our Idaho family farm.'
  if (!loaderData) return pageMeta(matches, { title: 'Shop', description })
  const { query, categories, pageCount, baseUrl } = loaderData
  const known = query.category && categories.includes(query.category)
  const title = [
    query.q ? `“${query.q}”` : null,
    known ? query.category : null,
    query.page > 1 ? `Page ${query.page}` : null,
    'Shop',
  ]
    .filter(Boolean)
    .join(' | ')
  // One address per category page: a sort is the same products, and a search result is not a
  // page of its own for search engines.
  const url = (page: number) => absoluteUrl(baseUrl, shopHref({ category: query.category, page }))
  const tags = [
    ...pageMeta(matches, { title, description }),
    { tagName: 'link', rel: 'canonical', href: url(query.page) },
  ]
  if (query.q) tags.push({ name: 'robots', content: 'noindex, follow' })
  if (query.page > 1) tags.push({ tagName: 'link', rel: 'prev', href: url(query.page - 1) })
  if (query.page < pageCount) tags.push({ tagName: 'link', rel: 'next', href: url(query.page + 1) })
  return tags
}
