import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import type { CatalogCard } from '~/catalog/products.server'
import { parseShopQuery } from '~/catalog/shop-query'
import { ToastProvider } from '~/platform/ui/toasts'
import Shop from './shop'

const card = (n: number): CatalogCard => ({
  id: `p${n}`,
  name: `Product ${n}`,
  description: '',
  category: 'Beef',
  image_url: `/images/demo/short-ribs.svg`,
  unit: 'lb',
  price_cents: 1000,
  price_is_from: false,
  stock_quantity: 10,
  default_variant: null,
  option_count: 0,
  average_weight_centi_lb: null,
})

type ShopProps = Parameters<typeof Shop>[0]
let loaderData: ShopProps['loaderData']
/** The shop's banner, from the root's farm row */
let banner: string | null = null

function ShopPage() {
  // The route's own props, as React Router hands them over (the stub types them loosely).
  return (
    <ToastProvider>
      <Shop
        {...({
          loaderData,
          matches: [{ loaderData: { farm: { shop_hero_image_url: banner } } }],
        } as unknown as ShopProps)}
      />
    </ToastProvider>
  )
}
const Stub = createRoutesStub([{ id: 'shop', path: '/shop', Component: ShopPage }])

function renderShop(
  count: number,
  products = Array.from({ length: count }, (_, i) => card(i + 1)),
) {
  loaderData = {
    categories: ['Beef'],
    products,
    total: count,
    page: 1,
    pageCount: 1,
    query: parseShopQuery(new URLSearchParams()),
    baseUrl: 'http://shop.test',
  }
  return renderToString(
    <html lang="en">
      <head />
      <body>
        <Stub initialEntries={['/shop']} hydrationData={{ loaderData: { shop: loaderData } }} />
      </body>
    </html>,
  )
}

const imgs = (html: string) => html.match(/<img [^>]*>/g) ?? []

test('the first card’s picture, the LCP element on a phone: eager, high priority, preloaded', () => {
  const html = renderShop(5)
  const [first] = imgs(html)
  expect(first).toContain('loading="eager"')
  expect(first).toContain('fetchPriority="high"')
  const head = html.slice(0, html.indexOf('</head>'))
  expect(head.match(/<link rel="preload" as="image"/g)).toHaveLength(1)
})

test('with a banner the banner is the one preloaded picture, and the first card is only eager', () => {
  banner = '/images/demo/shop-hero.svg'
  try {
    const html = renderShop(3)
    const [bannerImg, firstCard] = imgs(html)
    expect(bannerImg).toContain('fetchPriority="high"')
    expect(firstCard).toContain('loading="eager"')
    expect(firstCard).not.toContain('fetchPriority')
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head.match(/<link rel="preload" as="image"/g)).toHaveLength(1)
  } finally {
    banner = null
  }
})

test('the rest of the widest first row is eager at the browser’s priority; the others lazy', () => {
  const [, second, third, fourth, fifth] = imgs(renderShop(5))
  for (const img of [second, third]) {
    expect(img).toContain('loading="eager"')
    expect(img).not.toContain('fetchPriority')
  }
  for (const img of [fourth, fifth]) expect(img).toContain('loading="lazy"')
})

test('two columns on a phone, three from lg', () => {
  const grid = renderShop(3).match(/<ul aria-label="All products" class="([^"]*)"/)?.[1] ?? ''
  expect(grid.split(' ').filter((name) => name.includes('grid-cols-'))).toEqual([
    'grid-cols-2',
    'lg:grid-cols-3',
  ])
})

test('each card has one action: Add to Cart, Choose options or the waiting list', () => {
  const html = renderShop(0, [
    card(1),
    {
      ...card(2),
      option_count: 3,
      price_is_from: true,
      default_variant: { id: 'v1', name: 'Quarter Share' },
    },
    { ...card(3), stock_quantity: 0 },
  ])
  const articles = html.split('<article').slice(1)
  expect(articles).toHaveLength(3)
  const [simple, options, soldOut] = articles.map((article) => ({
    adds: (article.match(/>Add to Cart</g) ?? []).length,
    chooses: article.includes('>Choose options<'),
    waits: article.includes('>Join Waiting List<'),
    // The whole-card link, named for its product
    details: article.includes('aria-label="View Details: Product'),
  }))
  expect(simple).toEqual({ adds: 1, chooses: false, waits: false, details: true })
  expect(options).toEqual({ adds: 0, chooses: true, waits: false, details: true })
  expect(soldOut).toEqual({ adds: 0, chooses: false, waits: true, details: true })
  expect(html).toContain('From $10.00')
  // The card's action is raised above the link stretched over the card.
  expect(articles.every((article) => article.includes('relative z-10'))).toBe(true)
})
