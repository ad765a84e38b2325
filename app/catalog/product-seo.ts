// What search engines and link previews read about a product page: schema.org Product data
// (price and availability in results), the page's canonical address and a short description.
// Browser-safe and pure.

import { PLACEHOLDER_IMAGE } from '~/platform/images/image-url'

export type ProductJsonLdInput = {
  baseUrl: string
  product: { id: string; name: string; description: string; image_url: string | null }
  /** The selected option, when the product has options */
  variant: { id: string; name: string } | null
  price_cents: number
  stock_quantity: number
}

/** An absolute URL on the shop's public origin for a path like /product/abc. */
export function absoluteUrl(baseUrl: string, path: string): string {
  return new URL(path, baseUrl).href
}

/** The product page's own address: the option is part of it, since it changes the price. */
export function productPath(productId: string, variantId?: string | null): string {
  const path = `/product/${encodeURIComponent(productId)}`
  return variantId ? `${path}?variant=${encodeURIComponent(variantId)}` : path
}

/** Cents as the decimal string schema.org expects: 3999 -> "39.99". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.trunc(cents))
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

export function productJsonLd(input: ProductJsonLdInput) {
  const { baseUrl, product, variant } = input
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: variant ? `${product.name} (${variant.name})` : product.name,
    description: product.description,
    image: absoluteUrl(baseUrl, product.image_url ?? PLACEHOLDER_IMAGE),
    sku: variant?.id ?? product.id,
    productID: product.id,
    offers: {
      '@type': 'Offer',
      price: centsToDecimal(input.price_cents),
      priceCurrency: 'USD',
      availability:
        input.stock_quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: absoluteUrl(baseUrl, productPath(product.id, variant?.id)),
    },
  }
}

/**
 * JSON for an inline script element. "<" becomes \u003c so a product text containing
 * "</script>" or "<!--" cannot end the element early; the JSON value stays the same.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** A meta description: the first sentences that fit in `max` characters, cut at a word. */
export function metaDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  const cut = clean.slice(0, max - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, '')}…`
}
