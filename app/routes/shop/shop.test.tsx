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

function ShopPage() {
  // The route's own props, as React Router hands them over (the stub types them loosely).
  return (
    <ToastProvider>
      <Shop {...({ loaderData } as ShopProps)} />
    </ToastProvider>
  )
}
const Stub = createRoutesStub([{ id: 'shop', path: '/shop', Component: ShopPage }])

function renderShop(count: number) {
  const products = Array.from({ length: count }, (_, i) => card(i + 1))
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

test('the rest of the widest first row is eager at the browser’s priority; the others lazy', () => {
  const [, second, third, fourth, fifth] = imgs(renderShop(5))
  for (const img of [second, third]) {
    expect(img).toContain('loading="eager"')
    expect(img).not.toContain('fetchPriority')
  }
  for (const img of [fourth, fifth]) expect(img).toContain('loading="lazy"')
})
