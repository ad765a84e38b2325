import { expect, type Page, test } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'

// The shop's product cards (issue 22 item 3): two columns on a phone, the whole card opens the
// product, and each card has one action: Add to Cart, Choose options or the waiting list.

const PHONE = { width: 390, height: 844 }

function card(page: Page, name: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) })
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE })

  test('two cards side by side, nothing scrolls sideways, a short page', async ({ page }) => {
    // axe reads a whole page of cards: more than the default on a busy machine.
    test.setTimeout(180_000)
    await page.goto('/shop')
    const [first, second] = await Promise.all(
      [0, 1].map((n) => page.getByRole('article').nth(n).boundingBox()),
    )
    if (!first || !second) throw new Error('the shop shows fewer than two cards')
    expect(second.y).toBe(first.y)
    expect(second.x).toBeGreaterThanOrEqual(first.x + first.width)
    expect(second.x + second.width).toBeLessThanOrEqual(PHONE.width)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    )
    // A page of the shop was about 14,000 px tall in one column.
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    test.info().annotations.push({ type: 'shop height at 390 px', description: `${height} px` })
    expect(height).toBeLessThan(8000)
    await expectNoAxeViolations(page)
  })

  test('a tap anywhere on a card opens its product', async ({ page }) => {
    await page.goto('/shop?q=Wildflower+Honey')
    const honey = card(page, 'Wildflower Honey')
    // The link is named for the product, not for all the card's text.
    await expect(
      honey.getByRole('link', { name: 'View Details: Wildflower Honey', exact: true }),
    ).toHaveCount(1)
    // On the picture and on the description: both are the card's link. A click lands only
    // within the screen, and the shop's banner pushes the first card down on a phone.
    await honey.scrollIntoViewIfNeeded()
    const picture = await honey.getByRole('img').boundingBox()
    if (!picture) throw new Error('the card has no picture')
    await page.mouse.click(picture.x + picture.width / 2, picture.y + picture.height / 2)
    await expect(page.getByRole('heading', { level: 1, name: 'Wildflower Honey' })).toBeVisible()
    await page.goBack()
    await card(page, 'Wildflower Honey').scrollIntoViewIfNeeded()
    const text = await card(page, 'Wildflower Honey').locator('p').last().boundingBox()
    if (!text) throw new Error('the card has no description')
    await page.mouse.click(text.x + 10, text.y + text.height / 2)
    await expect(page.getByRole('heading', { level: 1, name: 'Wildflower Honey' })).toBeVisible()
  })

  test('Add to Cart on a product without options adds it from the card', async ({ page }) => {
    await page.goto('/shop?q=Huckleberry+Jam')
    await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible()
    const jam = card(page, 'Huckleberry Jam')
    await expect(jam.getByRole('link', { name: /^Choose options/ })).toHaveCount(0)
    await jam.getByRole('button', { name: 'Add to Cart: Huckleberry Jam', exact: true }).click()
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible()
    // The card's button, not the link under it, took the tap: still on the shop.
    await expect(page).toHaveURL(/\/shop\?q=Huckleberry\+Jam$/)
  })

  test('a product with options: Choose options opens its page, the card adds nothing', async ({
    page,
  }) => {
    await page.goto('/shop?q=Beef+Share')
    const share = card(page, 'Beef Share')
    await expect(share.getByText('From $1,195.00')).toBeVisible()
    await expect(share.getByRole('button', { name: /^Add to Cart/ })).toHaveCount(0)
    await share.getByRole('link', { name: 'Choose options for Beef Share', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Beef Share' })).toBeVisible()
    await expect(page.getByRole('group', { name: 'Options' })).toBeVisible()
  })

  test('out of stock: a quiet badge and the way to the waiting list', async ({ page }) => {
    await page.goto('/shop?q=Filet+Mignon')
    const filet = card(page, 'Filet Mignon')
    await expect(filet.getByText('Out of Stock')).toBeVisible()
    await expect(filet.getByRole('button')).toHaveCount(0)
    await filet.getByRole('link', { name: 'Join Waiting List for Filet Mignon' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Filet Mignon' })).toBeVisible()
  })
})

test('on a wide screen: three columns, prices and badges that read, axe clean', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto('/shop')
  const tops = await Promise.all(
    [0, 1, 2, 3].map(async (n) => (await page.getByRole('article').nth(n).boundingBox())?.y),
  )
  expect(new Set(tops.slice(0, 3)).size).toBe(1)
  expect(tops[3]).toBeGreaterThan(tops[0] ?? 0)
  await expect(card(page, 'New York Strip Steak').getByText('$24.99 / lb')).toBeVisible()
  await expect(card(page, 'New York Strip Steak').getByText('about $21.24 each')).toBeVisible()
  await expect(card(page, 'Summer Salad Box').getByText('Subscribe & save 10%')).toBeVisible()
  await expectNoAxeViolations(page)
})

test('the keyboard reaches each card’s link, then its action, with a visible ring', async ({
  page,
}) => {
  await page.goto('/shop?q=Huckleberry+Jam')
  const link = page.getByRole('link', { name: 'View Details: Huckleberry Jam', exact: true })
  await link.focus()
  await expect(link).toBeFocused()
  const outline = await link.evaluate((element) => getComputedStyle(element).outlineStyle)
  expect(outline).toBe('solid')
  await page.keyboard.press('Tab')
  await expect(
    page.getByRole('button', { name: 'Add to Cart: Huckleberry Jam', exact: true }),
  ).toBeFocused()
})
