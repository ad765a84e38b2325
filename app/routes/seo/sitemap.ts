import { productPath } from '~/catalog/product-seo'
import { listSitemapProducts } from '~/catalog/products.server'
import { getDb } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import { PUBLIC_PAGES, type SitemapEntry, sitemapXml } from '~/platform/seo/sitemap'
import { POLICIES } from '~/policies/policies'

export async function loader() {
  const products = await listSitemapProducts(getDb())
  // The shop page changes whenever one of its products does.
  const newest = products.reduce<Date | undefined>(
    (latest, product) => (!latest || product.updated_at > latest ? product.updated_at : latest),
    undefined,
  )
  const entries: SitemapEntry[] = [
    ...PUBLIC_PAGES.map((path) => ({ path, lastmod: path === '/shop' ? newest : undefined })),
    ...POLICIES.map((policy) => ({ path: policy.path })),
    ...products.map((product) => ({ path: productPath(product.id), lastmod: product.updated_at })),
  ]
  return new Response(sitemapXml(getEnv().baseUrl, entries), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  })
}
