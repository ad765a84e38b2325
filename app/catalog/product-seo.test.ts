import { expect, test } from 'vitest'
import {
  absoluteUrl,
  centsToDecimal,
  metaDescription,
  productJsonLd,
  productPath,
  serializeJsonLd,
} from './product-seo'

test('cents become schema.org decimal strings', () => {
  expect(centsToDecimal(3999)).toBe('39.99')
  expect(centsToDecimal(900)).toBe('9.00')
  expect(centsToDecimal(5)).toBe('0.05')
  expect(centsToDecimal(439500)).toBe('4395.00')
})

test('product paths and absolute URLs', () => {
  expect(productPath('abc')).toBe('/product/abc')
  expect(productPath('abc', 'v 1')).toBe('/product/abc?variant=v%201')
  expect(absoluteUrl('https://shop.example', '/images/x.svg')).toBe(
    'https://shop.example/images/x.svg',
  )
})

test('a Product with one offer for the selection', () => {
  const product = {
    id: 'p1',
    name: 'Filet Mignon',
    description: 'Tender.',
    image_url: '/images/demo/filet-mignon.svg',
  }
  expect(
    productJsonLd({
      baseUrl: 'https://shop.example',
      product,
      variant: null,
      price_cents: 3999,
      stock_quantity: 0,
    }),
  ).toEqual({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Filet Mignon',
    description: 'Tender.',
    image: 'https://shop.example/images/demo/filet-mignon.svg',
    sku: 'p1',
    productID: 'p1',
    offers: {
      '@type': 'Offer',
      price: '39.99',
      priceCurrency: 'USD',
      availability: 'https://schema.org/OutOfStock',
      url: 'https://shop.example/product/p1',
    },
  })
  const withOption = productJsonLd({
    baseUrl: 'https://shop.example',
    product: { ...product, image_url: null },
    variant: { id: 'v2', name: 'Half Share' },
    price_cents: 229500,
    stock_quantity: 12,
  })
  expect(withOption).toMatchObject({
    name: 'Filet Mignon (Half Share)',
    image: 'https://shop.example/images/placeholder.svg',
    sku: 'v2',
    offers: {
      price: '2295.00',
      availability: 'https://schema.org/InStock',
      url: 'https://shop.example/product/p1?variant=v2',
    },
  })
})

test('serialized JSON cannot close its script element', () => {
  const value = { description: '</script><script>alert(1)</script> <!-- \u2028' }
  const text = serializeJsonLd(value)
  expect(text).not.toContain('<')
  expect(text).not.toContain('\u2028')
  expect(JSON.parse(text)).toEqual(value)
})

test('meta descriptions stay short and end at a word', () => {
  expect(metaDescription('  Short   and sweet. ')).toBe('Short and sweet.')
  const long =
    'Big, rich eggs from our little flock of Khaki Campbell ducks, with deep orange yolks that bakers love. There are only a dozen ducks, so only a few cartons each week.'
  const description = metaDescription(long)
  expect(description.length).toBeLessThanOrEqual(160)
  expect(description.endsWith('…')).toBe(true)
  expect(long.startsWith(description.slice(0, -1))).toBe(true)
  expect(description).not.toMatch(/\s…$/)
})
