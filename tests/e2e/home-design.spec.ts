import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { farmMonthOf } from '../../app/catalog/in-season'
import { MONTH_NAMES } from '../../app/platform/farm-clock'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/private-server'

// Issue 22 items 2 and 5: Home's sections at a phone's and a laptop's width, a banner of its own
// on every page, and the admin changing the Contact banner and a product's season. The admin
// tests change what pages show, so they run on a private server (support/private-server.ts).

const WIDTHS = [390, 1366] as const

// Several pages, axe and admin saves each: more than one page view's time on a busy machine.
test.slow()

/** This month's name on the farm's calendar (Idaho), as Home's "In season now" reads it. */
function farmMonthName(): string {
  return MONTH_NAMES[farmMonthOf(new Date()) - 1] ?? ''
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

for (const width of WIDTHS) {
  test(`Home at ${width} px: hero, how it works, featured, in season, story, pickup places`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/')

    await expect(
      page.getByRole('heading', { level: 1, name: 'Fresh from our family farm' }),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'Shop Now' }).first()).toBeVisible()

    const how = page.getByRole('region', { name: 'How it works' })
    const steps = how.getByRole('list').getByRole('listitem')
    await expect(how.locator('ol')).toHaveCount(1)
    await expect(steps).toHaveCount(3)
    await expect(steps.nth(0)).toContainText('Order online')
    await expect(steps.nth(1)).toContainText('Pick a pickup day or local delivery')
    await expect(steps.nth(2)).toContainText('Collect it, or we bring it')

    const featured = page.getByRole('region', { name: 'Featured Products' })
    await expect(featured.getByRole('article')).toHaveCount(3)

    // The demo farm has something in season every month, beyond the featured beef.
    const season = page.getByRole('region', { name: 'In season now' })
    await expect(season).toContainText(`Fresh from the farm in ${farmMonthName()}`)
    expect(await season.getByRole('link').count()).toBeGreaterThan(0)

    const story = page.getByRole('region', { name: 'Our Story' })
    await expect(story.getByRole('link', { name: /^Learn More/ })).toHaveAttribute('href', '/about')
    await expect(story.getByRole('link', { name: 'Plan a visit to the farm' })).toBeVisible()

    const pickup = page.getByRole('region', { name: 'Pickup places and days' })
    const farmPlace = pickup.getByRole('listitem').filter({ hasText: 'Sawtooth Meadows Farm' })
    await expect(farmPlace.first()).toContainText('Thursday, 3-6 pm')
    await expect(farmPlace.first()).toContainText('Saturday, 9 am-12 pm')
    await expect(pickup).toContainText('Boise Farmers Market')
    const delivery = pickup.getByRole('listitem').filter({ hasText: 'Boise local delivery' })
    await expect(delivery.first()).toContainText('Wednesday, 4-8 pm')

    await expectNoSidewaysScroll(page)
    await expectNoAxeViolations(page)
  })
}

test('every public page opens with its own picture, on a bright ground', async ({ page }) => {
  const pages = [
    ['/', 'home-hero'],
    ['/about', 'about-hero'],
    ['/grass-fed-beef', 'grass-fed-hero'],
    ['/contact', 'contact-hero'],
    ['/shop', 'shop-hero'],
  ] as const
  for (const [path, picture] of pages) {
    await page.goto(path)
    // The page's first picture in the main content is its banner, drawn from its own file.
    const first = page.locator('main img').first()
    await expect(first, path).toHaveAttribute('src', new RegExp(`demo-${picture}\\.`))
    if (path !== '/shop') {
      // The heading is dark text on a light panel, not white over a dimmed photo.
      const color = await page
        .getByRole('heading', { level: 1 })
        .evaluate((heading) => getComputedStyle(heading).color)
      expect(color, path).not.toBe('rgb(255, 255, 255)')
    }
  }
  await page.setViewportSize({ width: 390, height: 800 })
  for (const path of ['/contact', '/shop']) {
    await page.goto(path)
    await expectNoSidewaysScroll(page)
    await expectNoAxeViolations(page)
  }
})

test('the admin changes the Contact page banner', async ({ page, privateServer }) => {
  await privateServer.signInAsNewAdmin(page)
  await page.goto('/admin/content')
  const banner = await sharp({
    create: { width: 800, height: 400, channels: 3, background: { r: 240, g: 200, b: 90 } },
  })
    .png()
    .toBuffer()
  await page
    .getByLabel('Contact page banner', { exact: true })
    .setInputFiles({ name: 'mailbox.png', mimeType: 'image/png', buffer: banner })
  await page.getByRole('button', { name: 'Save Farm Information' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Farm information saved.' }),
  ).toBeVisible()
  await expect(page.getByRole('img', { name: 'Current contact page banner' })).toBeVisible()

  await page.goto('/contact')
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()
  await expect(page.locator('main img').first()).toHaveAttribute(
    'src',
    /^\/images\/[0-9a-f-]{36}\.[0-9a-f]{8}\.\d+\.(webp|avif)$/,
  )
  // The other pages keep their own.
  await page.goto('/about')
  await expect(page.locator('main img').first()).toHaveAttribute('src', /demo-about-hero\./)
})

test('the admin puts a product in season, and Home lists it this month', async ({
  page,
  privateServer,
}) => {
  const product = 'Short Ribs'
  const month = farmMonthName()
  await privateServer.signInAsNewAdmin(page)

  await page.goto('/')
  const season = page.getByRole('region', { name: 'In season now' })
  await expect(season.getByRole('link', { name: product, exact: true })).toHaveCount(0)

  await page.goto(`/admin/products?q=${encodeURIComponent(product)}`)
  await page.getByRole('link', { name: product, exact: true }).click()
  const inSeason = page.getByRole('group', { name: 'In season' })
  await expect(inSeason.getByRole('checkbox')).toHaveCount(12)
  await inSeason.getByLabel(month, { exact: true }).check()
  await page.getByRole('button', { name: 'Save Product' }).click()
  await expect(page.getByRole('status')).toContainText('Product saved.')
  await expect(page.getByRole('group', { name: 'In season' }).getByLabel(month)).toBeChecked()
  await expectNoAxeViolations(page)

  await page.goto('/')
  await expect(season.getByRole('link', { name: product, exact: true })).toBeVisible()
  await season.getByRole('link', { name: product, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: product })).toBeVisible()

  // And out of season again.
  await page.goto(`/admin/products?q=${encodeURIComponent(product)}`)
  await page.getByRole('link', { name: product, exact: true }).click()
  await page.getByRole('group', { name: 'In season' }).getByLabel(month, { exact: true }).uncheck()
  await page.getByRole('button', { name: 'Save Product' }).click()
  await expect(page.getByRole('status')).toContainText('Product saved.')
  await page.goto('/')
  await expect(season.getByRole('link', { name: product, exact: true })).toHaveCount(0)
})
