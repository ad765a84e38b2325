import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { addToCart, demoIds } from './support/cart'
import { orderSummary, summaryValue } from './support/summary'
import { PASSWORD, signUp, uniqueEmail } from './support/users'

// The cart journey in the browser, with and without JavaScript. Demo prices: ground beef
// 8.99 (80 in stock), eggs 7.00 a dozen / 4.00 a half dozen, duck eggs 9.00 (3 in stock),
// honey 14.00, jam 11.00, jerky 12.99. Settings: 6 % tax, 5.99 shipping, free from 50.
// Beef cuts and eggs are pickup or local delivery only (D21): a cart with them is priced for
// pickup (cart-fulfilment-totals.spec.ts); the totals here are of carts that can ship.

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

const summary = orderSummary

async function expectSummary(page: Page, rows: Record<string, string>) {
  for (const [label, value] of Object.entries(rows)) {
    await expect(summaryValue(page, label), label).toHaveText(value)
  }
}

const quantityOf = (page: Page, label: string) =>
  page.getByRole('status', { name: `Quantity of ${label}` })
const cartLink = (page: Page, items: number) =>
  page.getByRole('link', { name: items === 1 ? 'Cart, 1 item' : `Cart, ${items} items` })

test('a guest fills the cart, steps quantities in place, applies FARM10 and sees the totals', async ({
  page,
}) => {
  await page.goto('/')
  await expect(cartLink(page, 0)).toBeVisible()
  await addToCart(page, { product: 'Peppered Beef Jerky', quantity: 2 })
  await addToCart(page, { product: 'Wildflower Honey' })
  await page.goto('/cart')
  await expect(page).toHaveTitle(/^Shopping Cart \| /)
  await expect(cartLink(page, 3)).toBeVisible()

  const items = page.getByRole('region', { name: 'Items in your cart' })
  await expect(items.getByRole('listitem')).toHaveCount(2)
  await expect(items.getByRole('link', { name: 'Peppered Beef Jerky' })).toBeVisible()
  await expect(items.getByRole('link', { name: 'Wildflower Honey' })).toBeVisible()
  await expect(items.locator('img')).toHaveCount(2)
  // 2 x 12.99 + 14.00 = 39.98; tax 2.3988 -> 2.40
  await expectSummary(page, {
    Subtotal: '$39.98',
    Shipping: '$5.99',
    'Estimated Tax (6%)': '$2.40',
    Total: '$48.37',
  })
  await expect(summary(page)).toContainText('Add $10.02 more to qualify for free shipping!')
  await expect(
    page.getByRole('button', { name: 'Decrease quantity of Wildflower Honey' }),
  ).toBeDisabled()

  // Changes happen in place: this mark would be lost by a page load.
  await page.evaluate(() => Object.assign(window, { cartTestMark: true }))
  const jerkyPlus = page.getByRole('button', { name: 'Increase quantity of Peppered Beef Jerky' })
  await jerkyPlus.click()
  await jerkyPlus.click()
  await jerkyPlus.click()
  await expect(quantityOf(page, 'Peppered Beef Jerky')).toHaveText('5')
  await expectSummary(page, { Subtotal: '$78.95', Shipping: 'Free' })
  await expect(summary(page)).not.toContainText('more to qualify for free shipping')
  await expect(cartLink(page, 6)).toBeVisible()
  expect(await page.evaluate(() => 'cartTestMark' in window)).toBe(true)

  const code = page.getByLabel('Promo code')
  await code.fill('NOTACODE')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('Invalid promo code. Please try again.')).toBeVisible()
  await expect(code).toHaveAttribute('aria-invalid', 'true')
  await code.fill('farm10')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('Promo code applied! You saved $7.90.')).toBeVisible()
  // 10 % of 78.95 = 7.895 -> 7.90; tax 6 % of 71.05 = 4.263 -> 4.26
  await expectSummary(page, {
    Subtotal: '$78.95',
    'Discount (FARM10)': '-$7.90',
    Shipping: 'Free',
    'Estimated Tax (6%)': '$4.26',
    Total: '$75.31',
  })
  expect(await page.evaluate(() => 'cartTestMark' in window)).toBe(true)

  // The server agrees: the quantities and the code stay with the cart.
  await page.reload()
  await expect(quantityOf(page, 'Peppered Beef Jerky')).toHaveText('5')
  await expect(summaryValue(page, 'Discount (FARM10)')).toHaveText('-$7.90')
  await expect(page.getByText('Promo code FARM10 applied')).toBeVisible()
  await page.getByRole('button', { name: 'Remove promo code FARM10' }).click()
  await expect(summaryValue(page, 'Discount (FARM10)')).toHaveCount(0)
  // 78.95 + tax 4.737 -> 4.74
  await expectSummary(page, { Total: '$83.69' })

  const cookie = (await page.context().cookies()).find((c) => c.name === 'farm.cart')
  expect(cookie?.httpOnly).toBe(true)
  expect(cookie?.sameSite).toBe('Lax')
  expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 80 * 86400)
})

test('remove and clear ask first; the empty cart offers Browse Products', async ({ page }) => {
  await addToCart(page, { product: 'Grass-Fed Ground Beef' })
  await addToCart(page, { product: 'Pasture-Raised Eggs', variant: 'Half Dozen', quantity: 2 })
  await page.goto('/cart')
  await expect(cartLink(page, 3)).toBeVisible()
  const removeEggs = page.getByRole('button', { name: 'Remove Pasture-Raised Eggs, Half Dozen' })
  const dialog = page.getByRole('alertdialog', { name: 'Remove item' })

  await removeEggs.click()
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Are you sure you want to remove this item from your cart?')
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await removeEggs.click()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(removeEggs).toBeVisible()

  await removeEggs.click()
  await dialog.getByRole('button', { name: 'Remove' }).click()
  await expect(removeEggs).toHaveCount(0)
  await expect(cartLink(page, 1)).toBeVisible()
  await expectSummary(page, { Subtotal: '$8.99' })

  await page.getByRole('button', { name: 'Clear Cart' }).click()
  const clear = page.getByRole('alertdialog', { name: 'Clear cart' })
  await expect(clear).toContainText('Are you sure you want to clear your entire cart?')
  await clear.getByRole('button', { name: 'Clear Cart' }).click()
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/shop')
  await expect(cartLink(page, 0)).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
})

test('quantities stop at the stock', async ({ page }) => {
  await addToCart(page, { product: 'Duck Eggs', quantity: 2 })
  await page.goto('/cart')
  const plus = page.getByRole('button', { name: 'Increase quantity of Duck Eggs' })
  await plus.click()
  await expect(quantityOf(page, 'Duck Eggs')).toHaveText('3')
  await expect(plus).toBeDisabled()
  // Only 3 exist: adding more from a shop page is refused with the reason.
  const { productId } = demoIds({ product: 'Duck Eggs' })
  const response = await page.request.post('/cart', {
    form: { intent: 'add', productId, quantity: '1' },
    headers: { Origin: new URL(page.url()).origin },
  })
  expect(response.status()).toBe(409)
  await page.reload()
  await expect(quantityOf(page, 'Duck Eggs')).toHaveText('3')
})

test('a guest goes to checkout through sign-in and finds both carts merged', async ({ page }) => {
  const email = uniqueEmail('cart-merge')
  await signUp(page, { email, firstName: 'Ruth' })
  await addToCart(page, { product: 'Wildflower Honey' })
  await page.getByRole('button', { name: 'Account menu for Ruth' }).click()
  await page.getByRole('button', { name: 'Sign Out' }).first().click()
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible()
  // Signed out, the customer's cart stays with the account, not with this browser.
  await expect(cartLink(page, 0)).toBeVisible()

  await addToCart(page, { product: 'Huckleberry Jam', quantity: 2 })
  await page.goto('/cart')
  await expect(cartLink(page, 2)).toBeVisible()
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click()
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fcheckout$/)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()

  await expect(page).toHaveURL(/\/checkout$/)
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
  // The checkout's header has no cart icon (issue 22): its summary lists both carts' lines.
  await expect(summary(page).getByRole('listitem')).toHaveCount(2)
  // 14.00 + 2 x 11.00 = 36.00; tax 2.16; standard shipping (checkout's default) 5.99
  await expectSummary(page, {
    Subtotal: '$36.00',
    Shipping: '$5.99',
    'Tax (6%)': '$2.16',
    Total: '$44.15',
  })
  expect((await page.context().cookies()).some((c) => c.name === 'farm.cart')).toBe(false)
  await page.goto('/cart')
  await expect(page.getByRole('heading', { name: 'Wildflower Honey' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Huckleberry Jam' })).toBeVisible()
})

test('checkout with an empty cart says so', async ({ page }) => {
  await signUp(page, { email: uniqueEmail('cart-empty') })
  await page.goto('/checkout')
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/shop')
})

test('no accessibility violations on the cart, empty and full, and with a question open', async ({
  page,
}) => {
  await page.goto('/cart')
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
  const empty = await new AxeBuilder({ page }).withTags(WCAG).analyze()
  expect(empty.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])

  await addToCart(page, { product: 'Grass-Fed Ground Beef' })
  await addToCart(page, { product: 'Pasture-Raised Eggs', variant: 'Dozen' })
  await page.goto('/cart')
  await page.getByLabel('Promo code').fill('nope')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('Invalid promo code. Please try again.')).toBeVisible()
  const full = await new AxeBuilder({ page }).withTags(WCAG).analyze()
  expect(full.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])

  await page.getByRole('button', { name: 'Clear Cart' }).click()
  await expect(page.getByRole('alertdialog', { name: 'Clear cart' })).toBeVisible()
  const asking = await new AxeBuilder({ page }).withTags(WCAG).analyze()
  expect(asking.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('every cart change works as a plain form', async ({ page }) => {
    await addToCart(page, { product: 'Peppered Beef Jerky' })
    await addToCart(page, { product: 'Wildflower Honey' })
    await page.goto('/cart')
    await expect(cartLink(page, 2)).toBeVisible()
    await expect(
      page.getByRole('button', { name: 'Decrease quantity of Peppered Beef Jerky' }),
    ).toBeDisabled()
    await page.getByRole('button', { name: 'Increase quantity of Peppered Beef Jerky' }).click()
    await expect(page).toHaveURL(/\/cart$/)
    await expect(quantityOf(page, 'Peppered Beef Jerky')).toHaveText('2')
    await expect(cartLink(page, 3)).toBeVisible()
    await expectSummary(page, { Subtotal: '$39.98', Shipping: '$5.99', Total: '$48.37' })
    await expect(summary(page)).toContainText('Add $10.02 more to qualify for free shipping!')

    // No question without JavaScript: the button removes at once.
    await page.getByRole('button', { name: 'Remove Wildflower Honey' }).click()
    await expect(page.getByRole('button', { name: 'Remove Wildflower Honey' })).toHaveCount(0)
    await expect(cartLink(page, 2)).toBeVisible()

    await page.getByLabel('Promo code').fill('farm1o')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByText('Invalid promo code. Please try again.')).toBeVisible()
    await page.getByLabel('Promo code').fill('Farm10')
    await page.getByRole('button', { name: 'Apply' }).click()
    // 10 % of 25.98 = 2.598 -> 2.60; tax 6 % of 23.38 = 1.4028 -> 1.40; shipping 5.99
    await expect(page.getByText('Promo code applied! You saved $2.60.')).toBeVisible()
    await expectSummary(page, {
      'Discount (FARM10)': '-$2.60',
      'Estimated Tax (6%)': '$1.40',
      Total: '$30.77',
    })

    await page.getByRole('button', { name: 'Clear Cart' }).click()
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
    await expect(cartLink(page, 0)).toBeVisible()
  })

  test('a plain add goes back to the page it came from, never to another site', async ({
    page,
  }) => {
    await page.goto('/')
    const { productId, variantId } = demoIds({ product: 'Pasture-Raised Eggs', variant: 'Dozen' })
    const post = (redirect: string) =>
      page.request.post('/cart', {
        form: { intent: 'add', productId, variantId: variantId ?? '', quantity: '1', redirect },
        headers: { Origin: new URL(page.url()).origin },
        maxRedirects: 0,
      })
    const back = await post('/?from=shop')
    expect(back.status()).toBe(302)
    expect(back.headers().location).toBe('/?from=shop')
    const away = await post('https://evil.example/')
    expect(away.headers().location).toBe('/cart')
    await page.reload()
    await expect(cartLink(page, 2)).toBeVisible()
  })
})
