import { expect, test } from 'vitest'
import { robotsTxt, sitemapXml } from './sitemap'

test('a sitemap with absolute, escaped locations and optional lastmod', () => {
  const xml = sitemapXml('https://shop.example', [
    { path: '/' },
    { path: '/product/a?variant=b&c', lastmod: new Date('2026-10-01T12:00:00.123Z') },
  ])
  expect(xml).toBe(
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      '  <url><loc>https://shop.example/</loc></url>',
      '  <url><loc>https://shop.example/product/a?variant=b&amp;c</loc><lastmod>2026-10-01T12:00:00Z</lastmod></url>',
      '</urlset>',
      '',
    ].join('\n'),
  )
})

test('robots.txt allows the shop, keeps crawlers out of private pages, names the sitemap', () => {
  const text = robotsTxt('https://shop.example')
  expect(text.startsWith('User-agent: *\nAllow: /\n')).toBe(true)
  for (const path of [
    '/account',
    '/admin',
    '/checkout',
    '/cart',
    '/api',
    '/signin',
    '/signup',
    '/reset-password',
  ]) {
    expect(text).toContain(`\nDisallow: ${path}\n`)
  }
  expect(text).toContain('\nSitemap: https://shop.example/sitemap.xml\n')
})
