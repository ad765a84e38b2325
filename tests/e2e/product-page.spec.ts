import { expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { expectNoAxeViolations } from './support/axe'
import { demoIds } from './support/cart'
import { test as privateTest } from './support/private-server'
import { createProduct, unique } from './support/waiting-list'

// The product page's design pass (issue 22 item 4): how and when a product can be had, who
// grows it and the farm's promise; a gallery that works with and without JavaScript; the
// admin's Pictures; a phone's Add to Cart bar; axe and no sideways scroll at both widths.

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1366, height: 900 }

function productUrl(product: string): string {
  return `/product/${demoIds({ product }).productId}`
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

test('a local-only product says how and when to get it, who grows it and the promise', async ({
  page,
}) => {
  await page.goto(productUrl('Pasture-Raised Eggs'))
  const facts = page.getByRole('region', { name: 'How to get it' })
  await expect(facts.getByRole('listitem')).toHaveText([
    'Pickup Thu/Sat at the farm, Sat at Boise Farmers Market',
    /^Local delivery Wed/,
    /^Not shipped/,
  ])
  const promise = page.getByRole('region', { name: /Grown and packed by/ })
  await expect(promise).toContainText('raised on our own pasture')
  await expect(promise.getByRole('link', { name: 'Sawtooth Meadows Farm' })).toHaveAttribute(
    'href',
    '/about',
  )

  // A product that may be shipped says so.
  await page.goto(productUrl('Huckleberry Jam'))
  await expect(
    page.getByRole('region', { name: 'How to get it' }).getByRole('listitem').last(),
  ).toHaveText(/^Ships/)
})

test('the gallery switches the main picture in place', async ({ page }) => {
  await page.goto(productUrl('Huckleberry Jam'))
  const thumbnails = page.getByRole('list', { name: 'Pictures of Huckleberry Jam' })
  await expect(thumbnails.getByRole('link')).toHaveCount(3)
  await expect(page.getByRole('img', { name: 'Huckleberry Jam', exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Show picture 2 of 3' }).click()
  await expect(
    page.getByRole('img', { name: 'Wild huckleberries on the bush in the hills above the farm' }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Show picture 2 of 3' })).toHaveAttribute(
    'aria-current',
    'true',
  )
  // In place: the address keeps the choice for a reload or a shared link.
  await expect(page).toHaveURL(/[?&]image=2$/)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a thumbnail is a link the server answers', async ({ page }) => {
    await page.goto(productUrl('Huckleberry Jam'))
    await page.getByRole('link', { name: 'Show picture 3 of 3' }).click()
    await expect(page).toHaveURL(/[?&]image=3$/)
    await expect(
      page.getByRole('img', {
        name: 'Huckleberry jam spread on a slice of toast beside the open jar',
      }),
    ).toBeVisible()
  })
})

test('on a phone the Add to Cart bar stays in view, adds to the cart and covers nothing', async ({
  page,
}) => {
  // Two pages judged in full by axe: more than the default on a busy machine.
  test.setTimeout(120_000)
  await page.setViewportSize(PHONE)
  await page.goto(productUrl('Huckleberry Jam'))
  // One Add to Cart at a time: the bar's; the form's own is hidden on a phone.
  const add = page.getByRole('button', { name: 'Add to Cart' })
  await expect(add).toHaveCount(1)
  await expect(add).toBeInViewport()
  const bar = page.getByTestId('phone-buy-bar')
  await expect(bar).toContainText('$11.00')
  await expect(page.getByRole('status').filter({ hasText: 'Added to cart' })).toHaveCount(0)
  await add.click()
  await expect(page.getByRole('status').filter({ hasText: 'Added to cart' })).toHaveCount(1)
  await expectNoSidewaysScroll(page)
  await expectNoAxeViolations(page)

  // At the end of the page the bar takes its own place: the footer is not under it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const barBox = await bar.boundingBox()
  const footerBox = await page.getByRole('contentinfo').boundingBox()
  expect(barBox && footerBox && barBox.y + barBox.height <= footerBox.y + 1).toBe(true)

  await page.goto('/cart')
  await expect(page.getByRole('link', { name: 'Huckleberry Jam', exact: true })).toBeVisible()
})

test('on a wide screen the form keeps its own button and the bar is gone', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize(DESKTOP)
  await page.goto(productUrl('Huckleberry Jam'))
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(1)
  await expect(page.getByTestId('phone-buy-bar')).toBeHidden()
  await expectNoSidewaysScroll(page)
  await expectNoAxeViolations(page)
})

/** A small real picture, made here so the upload goes through the server's checks. */
function testPicture(background: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer()
}

// New products change the shop every other spec counts: this one runs on a private server.
privateTest('an admin uploads two pictures and reorders them', async ({ page, privateServer }) => {
  privateTest.setTimeout(120_000)
  await privateServer.signInAsNewAdmin(page)
  const name = unique('Pictured Honey')
  const id = await createProduct(page, { name, stock: 5 })

  const pictures = page.getByRole('list', { name: 'Pictures in order' })
  for (const [alt, colour] of [
    ['Honey jar in the sun', { r: 220, g: 160, b: 40 }],
    ['Bees on clover', { r: 60, g: 120, b: 40 }],
  ] as const) {
    await page.getByLabel('New picture', { exact: true }).setInputFiles({
      name: 'picture.png',
      mimeType: 'image/png',
      buffer: await testPicture(colour),
    })
    await page.getByLabel('Description of the new picture (alt text)').fill(alt)
    await page.getByRole('button', { name: 'Add Picture' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Picture added.' })).toBeVisible()
    await expect(pictures.getByRole('img', { name: alt })).toBeVisible()
  }
  await expect(pictures.getByRole('listitem')).toHaveCount(2)
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Move up picture 2' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Picture order saved.' })).toBeVisible()
  await expect(pictures.getByRole('listitem').first().getByRole('img')).toHaveAccessibleName(
    'Bees on clover',
  )

  // The shop shows the new first picture large, and both as thumbnails.
  await page.goto(`/product/${id}`)
  await expect(page.getByRole('img', { name: 'Bees on clover' })).toBeVisible()
  await expect(page.getByRole('link', { name: /^Show picture \d of 2$/ })).toHaveCount(2)
  // The cover follows: cards show the first picture too.
  expect(
    privateServer.queryOne<{ same: number }>(
      `select (p.image_url = i.image_url) as same from products p
         join product_images i on i.product_id = p.id and i.position = 0 where p.id = ?`,
      id,
    )?.same,
  ).toBe(1)
})
