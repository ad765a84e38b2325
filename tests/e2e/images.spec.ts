import { expect, test } from '@playwright/test'
import { DEMO_IMAGES_VERSION } from '../../app/platform/images/image-url'

// Image variants from the production server: rendered by sharp on first request, then from the
// database (ADR 6).

const variant = (name: string, width: number, format: string) =>
  `/images/demo-${name}.${DEMO_IMAGES_VERSION}.${width}.${format}`

const magic = (body: Buffer) => body.subarray(0, 12).toString('latin1')

test('a demo illustration as WebP and AVIF, cached for a year', async ({ request }) => {
  const webp = await request.get(variant('home-hero', 640, 'webp'), {
    headers: { 'Accept-Encoding': 'gzip, br' },
  })
  expect(webp.status()).toBe(200)
  expect(webp.headers()['content-type']).toBe('image/webp')
  expect(webp.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(webp.headers().etag).toMatch(/^"[\w-]+"$/)
  // Already compressed: the host must not gzip it again.
  expect(webp.headers()['content-encoding']).toBeUndefined()
  const webpBody = await webp.body()
  expect(magic(webpBody)).toMatch(/^RIFF.{4}WEBP$/s)
  expect(Number(webp.headers()['content-length'])).toBe(webpBody.length)

  const avif = await request.get(variant('home-hero', 640, 'avif'))
  expect(avif.status()).toBe(200)
  expect(avif.headers()['content-type']).toBe('image/avif')
  expect(avif.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(magic(await avif.body()).slice(4)).toBe('ftypavif')
})

test('Chromium decodes both formats at the requested size', async ({ page }) => {
  await page.goto('/healthz')
  for (const format of ['avif', 'webp']) {
    const size = await page.evaluate(
      async (src) => {
        const image = new Image()
        image.src = src
        await image.decode()
        return [image.naturalWidth, image.naturalHeight]
      },
      variant('bone-in-ribeye-steak', 320, format),
    )
    // bone-in-ribeye-steak.svg is 800 x 600.
    expect(size, format).toEqual([320, 240])
  }
})

test('HEAD answers the headers without the body; a known ETag gets 304', async ({ request }) => {
  const url = variant('duck-eggs', 320, 'webp')
  const head = await request.head(url)
  expect(head.status()).toBe(200)
  expect(head.headers()['content-type']).toBe('image/webp')
  expect(head.headers()['cache-control']).toContain('immutable')
  expect((await head.body()).length).toBe(0)

  const get = await request.get(url)
  expect(get.headers()['content-length']).toBe(head.headers()['content-length'])
  expect(get.headers().etag).toBe(head.headers().etag)
  const again = await request.get(url, {
    headers: { 'If-None-Match': get.headers().etag ?? '' },
  })
  expect(again.status()).toBe(304)
})

test('bad image names are 400 or 404, never a server error', async ({ request }) => {
  const v = DEMO_IMAGES_VERSION
  const cases: [string, number][] = [
    [`/images/demo-home-hero.${v}.641.webp`, 400],
    [`/images/demo-home-hero.${v}.4000.avif`, 400],
    [`/images/demo-home-hero.${v}.640.png`, 400],
    [`/images/demo-home-hero.00000000.640.webp`, 404],
    [`/images/demo-no-such-picture.${v}.640.webp`, 404],
    [`/images/0b7c4f5e-2d1a-4c3b-9e8f-123456789abc.deadbeef.640.webp`, 404],
    [`/images/demo-home-hero.640.webp`, 404],
    [`/images/..%2F..%2Fpackage.json`, 404],
    // A NUL anywhere in an address is refused before any route (ADR 17).
    [`/images/demo-home-hero.${v}.640.webp%00`, 400],
    [`/images/${'x'.repeat(500)}.webp`, 404],
  ]
  for (const [url, status] of cases) {
    const response = await request.get(url)
    expect([url, response.status()]).toEqual([url, status])
  }
})
