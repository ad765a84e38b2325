import { describe, expect, test } from 'vitest'
import { demoImagesVersion, listDemoImages } from './demo-images.server'
import {
  DEMO_IMAGES_VERSION,
  imageSourceOf,
  largestWidthWithin,
  parseImageFile,
  responsiveImage,
  variantPath,
  widthsFor,
} from './image-url'

const UPLOAD = '0b7c4f5e-2d1a-4c3b-9e8f-123456789abc'
const V = DEMO_IMAGES_VERSION

describe('variant file names', () => {
  test('a demo illustration and an upload, at every width and format', () => {
    expect(parseImageFile(`demo-home-hero.${V}.640.webp`)).toEqual({
      ok: true,
      variant: { source: 'demo-home-hero', version: V, width: 640, format: 'webp' },
    })
    expect(parseImageFile(`${UPLOAD}.deadbeef.1920.avif`)).toEqual({
      ok: true,
      variant: { source: UPLOAD, version: 'deadbeef', width: 1920, format: 'avif' },
    })
    for (const width of [320, 640, 960, 1280, 1920] as const)
      for (const format of ['avif', 'webp'] as const) {
        const variant = { source: 'demo-logo', version: V, width, format }
        expect(parseImageFile(variantPath(variant).slice('/images/'.length))).toEqual({
          ok: true,
          variant,
        })
      }
  })

  test('a width or format we do not make is a bad request', () => {
    for (const file of [
      `demo-logo.${V}.641.webp`,
      `demo-logo.${V}.0.webp`,
      `demo-logo.${V}.99999.webp`,
      `demo-logo.${V}.3840.avif`,
      `demo-logo.${V}.640.png`,
      `demo-logo.${V}.640.jpg`,
    ]) {
      const parsed = parseImageFile(file)
      expect(parsed.ok ? 'ok' : parsed.status, file).toBe(400)
    }
    const width = parseImageFile(`demo-logo.${V}.641.webp`)
    expect(width.ok ? '' : width.message).toBe('Width must be one of 320, 640, 960, 1280, 1920.')
  })

  test('any other name is not an image of ours', () => {
    for (const file of [
      '',
      'placeholder.svg',
      'demo-logo.640.webp',
      `demo-logo.${V.toUpperCase()}.640.webp`,
      `demo-logo.${V}.640.WEBP`,
      `demo-logo.${V}.640.webp.webp`,
      `demo-logo.${V}.640`,
      `demo-.${V}.640.webp`,
      `demo--logo.${V}.640.webp`,
      `demo-Logo.${V}.640.webp`,
      `logo.${V}.640.webp`,
      `${UPLOAD.replace(/-/g, '')}.${V}.640.webp`,
      `..%2f..%2fetc%2fpasswd.${V}.640.webp`,
      `demo-${'a'.repeat(200)}.${V}.640.webp`,
      `demo-logo.${V}.+640.webp`,
      `demo-logo.${V}.6.4e2.webp`,
    ]) {
      const parsed = parseImageFile(file)
      expect(parsed.ok ? 'ok' : parsed.status, file).toBe(404)
    }
  })
})

describe('image_url values', () => {
  test('demo illustrations and upload URLs are ours; the rest is shown as it is', () => {
    expect(imageSourceOf('/images/demo/bone-in-ribeye-steak.svg')).toEqual({
      source: 'demo-bone-in-ribeye-steak',
      version: V,
      maxWidth: 1920,
    })
    expect(imageSourceOf(`/images/${UPLOAD}.deadbeef.960.webp`)).toEqual({
      source: UPLOAD,
      version: 'deadbeef',
      maxWidth: 960,
    })
    for (const other of [
      null,
      undefined,
      '',
      '/images/placeholder.svg',
      '/images/demo/../secret.svg',
      '/images/demo/logo.png',
      'https://cdn.example/beef.jpg',
      `https://shop.example/images/${UPLOAD}.deadbeef.960.webp`,
      `/images/${UPLOAD}.deadbeef.961.webp`,
    ])
      expect(imageSourceOf(other), String(other)).toBeNull()
  })

  test('an upload fills the widest slot it covers, never an enlarged one', () => {
    expect(largestWidthWithin(200)).toBe(320)
    expect(largestWidthWithin(320)).toBe(320)
    expect(largestWidthWithin(800)).toBe(640)
    expect(largestWidthWithin(2560)).toBe(1920)
  })

  test('widths go up to the first that covers a 2x screen, within what the source has', () => {
    expect(widthsFor(400)).toEqual([320, 640, 960])
    expect(widthsFor(480)).toEqual([320, 640, 960])
    expect(widthsFor(481)).toEqual([320, 640, 960, 1280])
    expect(widthsFor(1600)).toEqual([320, 640, 960, 1280, 1920])
    expect(widthsFor(96)).toEqual([320])
    expect(widthsFor(1600, 640)).toEqual([320, 640])
  })
})

describe('responsiveImage', () => {
  test('AVIF then WebP srcsets, a WebP fallback at the layout width, default sizes', () => {
    const set = responsiveImage('/images/demo/duck-eggs.svg', { width: 400 })
    const url = (width: number, format: string) => `/images/demo-duck-eggs.${V}.${width}.${format}`
    expect(set).toEqual({
      src: url(640, 'webp'),
      sources: [
        {
          type: 'image/avif',
          srcSet: `${url(320, 'avif')} 320w, ${url(640, 'avif')} 640w, ${url(960, 'avif')} 960w`,
        },
        {
          type: 'image/webp',
          srcSet: `${url(320, 'webp')} 320w, ${url(640, 'webp')} 640w, ${url(960, 'webp')} 960w`,
        },
      ],
      sizes: '(min-width: 400px) 400px, 100vw',
    })
  })

  test('an upload is offered only up to its own width; sizes and widths can be given', () => {
    const small = responsiveImage(`/images/${UPLOAD}.deadbeef.640.webp`, {
      width: 1600,
      sizes: '100vw',
    })
    expect(small?.src).toBe(`/images/${UPLOAD}.deadbeef.640.webp`)
    expect(small?.sources[1]?.srcSet).toBe(
      `/images/${UPLOAD}.deadbeef.320.webp 320w, /images/${UPLOAD}.deadbeef.640.webp 640w`,
    )
    expect(small?.sizes).toBe('100vw')
    const limited = responsiveImage('/images/demo/logo.svg', { width: 1600, widths: [640, 1280] })
    expect(limited?.sources[0]?.srcSet).toBe(
      `/images/demo-logo.${V}.640.avif 640w, /images/demo-logo.${V}.1280.avif 1280w`,
    )
    expect(limited?.src).toBe(`/images/demo-logo.${V}.1280.webp`)
  })

  test('not ours: null, so the caller shows a plain <img>', () => {
    expect(responsiveImage('https://cdn.example/beef.jpg', { width: 400 })).toBeNull()
    expect(responsiveImage(null, { width: 400 })).toBeNull()
  })
})

test('DEMO_IMAGES_VERSION matches the illustrations in public/images/demo', async () => {
  expect((await listDemoImages()).length).toBeGreaterThan(0)
  const actual = await demoImagesVersion()
  expect(
    DEMO_IMAGES_VERSION,
    `public/images/demo changed: set DEMO_IMAGES_VERSION in app/platform/images/image-url.ts to '${actual}'`,
  ).toBe(actual)
})
