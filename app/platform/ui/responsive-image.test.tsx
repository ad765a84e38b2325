import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { DEMO_IMAGES_VERSION } from '~/platform/images/image-url'
import { ResponsiveImage } from './responsive-image'

const V = DEMO_IMAGES_VERSION

test('a demo illustration: <picture> with AVIF and WebP sources, lazy, sized', () => {
  const html = renderToStaticMarkup(
    <ResponsiveImage
      src="/images/demo/short-ribs.svg"
      alt="Short ribs"
      width={400}
      height={300}
      sizes="(min-width: 1024px) 352px, 100vw"
      className="h-full w-full object-cover"
    />,
  )
  expect(html).toBe(
    '<picture>' +
      `<source type="image/avif" sizes="(min-width: 1024px) 352px, 100vw" srcSet="/images/demo-short-ribs.${V}.320.avif 320w, /images/demo-short-ribs.${V}.640.avif 640w, /images/demo-short-ribs.${V}.960.avif 960w"/>` +
      `<source type="image/webp" sizes="(min-width: 1024px) 352px, 100vw" srcSet="/images/demo-short-ribs.${V}.320.webp 320w, /images/demo-short-ribs.${V}.640.webp 640w, /images/demo-short-ribs.${V}.960.webp 960w"/>` +
      `<img loading="lazy" decoding="async" src="/images/demo-short-ribs.${V}.640.webp" alt="Short ribs" width="400" height="300" class="h-full w-full object-cover"/>` +
      '</picture>',
  )
})

test('priority: eager with high fetch priority, never lazy', () => {
  const html = renderToStaticMarkup(
    <ResponsiveImage src="/images/demo/home-hero.svg" alt="" width={1600} height={900} priority />,
  )
  expect(html).toContain('loading="eager"')
  expect(html).toContain('fetchPriority="high"')
  expect(html).not.toContain('lazy')
  expect(html).toContain(`/images/demo-home-hero.${V}.1920.avif 1920w`)
})

test('another site’s image as it is; no image at all shows the placeholder', () => {
  expect(
    renderToStaticMarkup(
      <ResponsiveImage src="https://cdn.example/beef.jpg" alt="Beef" width={400} height={300} />,
    ),
  ).toBe(
    '<img loading="lazy" decoding="async" src="https://cdn.example/beef.jpg" alt="Beef" width="400" height="300"/>',
  )
  expect(renderToStaticMarkup(<ResponsiveImage src={null} alt="" width={400} height={300} />)).toBe(
    '<img loading="lazy" decoding="async" src="/images/placeholder.svg" alt="" width="400" height="300"/>',
  )
})

test('priority: preloaded from the <head> at the layout size, as the first source', () => {
  const html = renderToString(
    <html lang="en">
      <head />
      <body>
        <ResponsiveImage
          src="/images/demo/beef-share.svg"
          alt="Beef share"
          width={800}
          height={600}
          sizes="(min-width: 768px) 50vw, 100vw"
          priority
        />
      </body>
    </html>,
  )
  const head = html.slice(0, html.indexOf('</head>'))
  expect(head).toContain(
    `<link rel="preload" as="image" type="image/avif" fetchPriority="high" imageSrcSet="/images/demo-beef-share.${V}.320.avif 320w, /images/demo-beef-share.${V}.640.avif 640w, /images/demo-beef-share.${V}.960.avif 960w, /images/demo-beef-share.${V}.1280.avif 1280w, /images/demo-beef-share.${V}.1920.avif 1920w" imageSizes="(min-width: 768px) 50vw, 100vw"/>`,
  )
})

test('only a priority picture is preloaded', () => {
  const html = renderToString(
    <html lang="en">
      <head />
      <body>
        <ResponsiveImage src="/images/demo/beef-share.svg" alt="" width={400} height={300} />
      </body>
    </html>,
  )
  expect(html).not.toContain('rel="preload"')
})

test('eager: fetched with the page at the browser’s priority, and not preloaded', () => {
  const html = renderToString(
    <html lang="en">
      <head />
      <body>
        <ResponsiveImage src="/images/demo/beef-share.svg" alt="" width={400} height={300} eager />
      </body>
    </html>,
  )
  const img = html.match(/<img [^>]*>/)?.[0]
  expect(img).toContain('loading="eager"')
  expect(img).not.toContain('fetchPriority')
  expect(img).not.toContain('lazy')
  expect(html).not.toContain('rel="preload"')
})
