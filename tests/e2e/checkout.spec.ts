import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { addToCart, demoStock } from './support/cart'
import { waitForMail } from './support/mailbox'
import { signUp, uniqueEmail } from './support/users'

// The checkout from a customer's cart to the order's confirmation page and email: every
// shipping method with offline payment, FARM10, server-side validation, going back, the
// terms box, someone else's order, stock, and the same checkout without JavaScript.

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 3100}`

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
}

function summaryValue(page: Page, label: string): Locator {
  return page
    .getByRole('region', { name: 'Order Summary' })
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
}

async function expectSummary(page: Page, rows: Record<string, string>) {
  for (const [label, value] of Object.entries(rows)) {
    await expect(summaryValue(page, label), label).toHaveText(value)
  }
}

const shippingForm = (page: Page) =>
  page.locator('form', { has: page.getByRole('button', { name: 'Continue to Payment' }) })

const currentStep = (page: Page) => page.locator('[aria-current="step"]')

async function fillShipping(page: Page) {
  const form = shippingForm(page)
  await form.getByLabel('Phone').fill('208-555-0142')
  await form.getByLabel('Street address').fill('12 Meadow Lane')
  await form.getByLabel('Apartment/suite (optional)').fill('Barn 2')
  await form.getByLabel('City').fill('Boise')
  await form.getByLabel('State').selectOption('ID')
  await form.getByLabel('ZIP code').fill('83702')
}

type Case = {
  name: string
  items: Array<{ product: string; quantity?: number }>
  method: RegExp
  promo?: string
  summary: Record<string, string>
}

const CASES: Case[] = [
  {
    name: 'standard shipping below $50 costs $5.99',
    items: [{ product: 'Huckleberry Jam', quantity: 2 }],
    method: /^Standard Shipping/,
    summary: { Subtotal: '$22.00', Shipping: '$5.99', 'Tax (6%)': '$1.32', Total: '$29.31' },
  },
  {
    name: 'standard shipping from $50 is free',
    items: [{ product: 'Root Cellar Box' }, { product: 'Huckleberry Jam', quantity: 2 }],
    method: /^Standard Shipping/,
    summary: { Subtotal: '$54.00', Shipping: 'Free', 'Tax (6%)': '$3.24', Total: '$57.24' },
  },
  {
    name: 'express shipping costs $12.99',
    items: [{ product: 'Peppered Beef Jerky' }],
    method: /^Express Shipping/,
    summary: { Subtotal: '$12.99', Shipping: '$12.99', 'Tax (6%)': '$0.78', Total: '$26.76' },
  },
  {
    name: 'farm pickup is free',
    items: [{ product: 'Rich Beef Bone Broth' }],
    method: /^Pickup$/,
    summary: { Subtotal: '$12.00', Pickup: 'Free', 'Tax (6%)': '$0.72', Total: '$12.72' },
  },
  {
    // 10 % of $28.00 = $2.80; tax 6 % of $25.20 = $1.51
    name: 'FARM10 takes 10 % off and tax is on the discounted subtotal',
    items: [{ product: 'Wildflower Honey', quantity: 2 }],
    method: /^Standard Shipping/,
    promo: 'FARM10',
    summary: {
      Subtotal: '$28.00',
      'Discount (FARM10)': '-$2.80',
      Shipping: '$5.99',
      'Tax (6%)': '$1.51',
      Total: '$32.70',
    },
  },
]

for (const item of CASES) {
  test(`checkout with offline payment: ${item.name}`, async ({ page }) => {
    const email = uniqueEmail('checkout')
    await signUp(page, { email, firstName: 'Ann', lastName: 'Lee' })
    for (const line of item.items) await addToCart(page, line)
    if (item.promo) {
      const response = await page.request.post('/cart', {
        form: { intent: 'apply-promo', code: item.promo },
        headers: { Origin: ORIGIN },
      })
      expect(response.ok()).toBe(true)
    }
    const stockBefore = demoStock(item.items[0]?.product ?? '')

    await page.goto('/checkout')
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
    await expect(currentStep(page)).toContainText('Shipping')
    const form = shippingForm(page)
    await expect(form.getByLabel('Email')).toHaveValue(email)
    await expect(form.getByLabel('First name')).toHaveValue('Ann')
    await fillShipping(page)
    await form.getByRole('radio', { name: item.method }).check()
    await expectSummary(page, item.summary)
    await page.getByRole('button', { name: 'Continue to Payment' }).click()

    await expect(currentStep(page)).toContainText('Payment')
    await expect(page.getByRole('radio', { name: 'Pay at pickup or on delivery' })).toBeChecked()
    await expect(page.getByLabel(/card number/i)).toHaveCount(0)
    await page.getByRole('button', { name: 'Review Order' }).click()

    await expect(currentStep(page)).toContainText('Review')
    await expectSummary(page, item.summary)
    const placeOrder = page.getByRole('button', { name: 'Place Order' })
    await expect(placeOrder).toBeDisabled()
    await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
    await expect(placeOrder).toBeEnabled()
    await placeOrder.click()

    await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()
    await expect(
      page.getByText('Thank you for your order. You will receive a confirmation email shortly.'),
    ).toBeVisible()
    const heading = await page.getByRole('heading', { name: /^Order FS-\d+$/ }).textContent()
    const number = heading?.replace('Order ', '') ?? ''
    expect(number).toMatch(/^FS-\d{5,}$/)
    await expect(page.getByText('Pending Payment')).toBeVisible()
    const total = item.summary.Total ?? ''
    await expect(page.getByRole('definition').filter({ hasText: total }).first()).toBeVisible()
    await expect(page.getByText('Pay at pickup or on delivery')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'What Happens Next?' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute(
      'href',
      '/shop',
    )
    await expect(page.getByRole('link', { name: 'View Order History' })).toHaveAttribute(
      'href',
      '/account/orders',
    )

    const mail = await waitForMail(email, new RegExp(`${number}`))
    expect(mail.text).toContain(`Total: ${total}`)

    // The cart is empty and the stock went down by what was bought.
    await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible()
    expect(demoStock(item.items[0]?.product ?? '')).toBeLessThanOrEqual(
      stockBefore - (item.items[0]?.quantity ?? 1),
    )

    await page.getByRole('link', { name: 'View Order History' }).click()
    await expect(page.getByText(number).first()).toBeVisible()
  })
}

test('each step and the confirmation page pass axe; Back keeps what was entered', async ({
  page,
}) => {
  await signUp(page, { email: uniqueEmail('checkout-back') })
  await addToCart(page, { product: 'Huckleberry Jam' })
  await page.goto('/checkout')
  await expectNoAxeViolations(page)
  await fillShipping(page)
  const form = shippingForm(page)
  await form.getByLabel('First name').fill('Marta')
  await form.getByRole('radio', { name: /^Express Shipping/ }).check()
  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await expect(currentStep(page)).toContainText('Payment')
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Back to Shipping' }).click()
  await expect(currentStep(page)).toContainText('Shipping')
  await expect(form.getByLabel('First name')).toHaveValue('Marta')
  await expect(form.getByLabel('Street address')).toHaveValue('12 Meadow Lane')
  await expect(form.getByLabel('Apartment/suite (optional)')).toHaveValue('Barn 2')
  await expect(form.getByLabel('ZIP code')).toHaveValue('83702')
  await expect(form.getByRole('radio', { name: /^Express Shipping/ })).toBeChecked()

  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await page.getByRole('button', { name: 'Review Order' }).click()
  await expect(currentStep(page)).toContainText('Review')
  await expect(page.getByText('Marta Lee')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Back to Payment' }).click()
  await expect(currentStep(page)).toContainText('Payment')
  await page.getByRole('button', { name: 'Back to Shipping' }).click()
  await expect(form.getByLabel('City')).toHaveValue('Boise')

  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await page.getByRole('button', { name: 'Review Order' }).click()
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('the same Place Order twice makes one order; another customer gets 404', async ({
  page,
  browser,
}) => {
  await signUp(page, { email: uniqueEmail('checkout-twice') })
  await addToCart(page, { product: 'Huckleberry Jam' })
  await page.goto('/checkout')
  await fillShipping(page)
  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await page.getByRole('button', { name: 'Review Order' }).click()
  await expect(currentStep(page)).toContainText('Review')
  const fields = await page
    .locator('form input[type="hidden"]')
    .evaluateAll((inputs) =>
      Object.fromEntries(
        inputs.map((input) => [input.getAttribute('name'), input.getAttribute('value')]),
      ),
    )
  const post = () =>
    page.request.post('/checkout', {
      form: { ...fields, acceptTerms: 'on', intent: 'place-order' },
      headers: { Origin: ORIGIN },
      maxRedirects: 0,
    })
  const [first, second] = [await post(), await post()]
  expect(first.status()).toBe(302)
  expect(second.headers().location).toBe(first.headers().location)
  const location = first.headers().location ?? ''
  expect(location).toMatch(/^\/order-confirmation\//)
  const orderId = location.split('/').at(-1) ?? ''

  await page.goto('/account/orders')
  await expect(page.getByRole('link', { name: /FS-\d+/ })).toHaveCount(1)

  const context = await browser.newContext()
  const other = await context.newPage()
  await signUp(other, { email: uniqueEmail('checkout-other') })
  expect((await other.goto(`/order-confirmation/${orderId}`))?.status()).toBe(404)
  await expect(other.getByRole('heading', { name: 'Order Not Found' })).toBeVisible()
  expect((await other.goto(`/account/orders/${orderId}`))?.status()).toBe(404)
  await context.close()
})

test('the server checks step 1 and answers 400 with the messages', async ({ page }) => {
  await signUp(page, { email: uniqueEmail('checkout-400') })
  await addToCart(page, { product: 'Huckleberry Jam' })
  const response = await page.request.post('/checkout', {
    form: { intent: 'to-payment', firstName: 'Ann', shippingMethod: 'standard' },
    headers: { Origin: ORIGIN },
  })
  expect(response.status()).toBe(400)
  const body = await response.text()
  for (const message of ['Email is required', 'Full name is required', 'Address is required']) {
    expect(body).toContain(message)
  }
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('step 1 errors show next to the fields, nothing is lost, and standard checkout completes', async ({
    page,
  }) => {
    const email = uniqueEmail('checkout-nojs')
    await signUp(page, { email, firstName: 'Ann', lastName: 'Lee' })
    await addToCart(page, { product: 'Huckleberry Jam', quantity: 2 })
    await page.goto('/checkout')
    const form = shippingForm(page)
    await fillShipping(page)
    await form.getByLabel('Email').fill('')
    await form.getByLabel('Last name').fill('')
    await form.getByLabel('Street address').fill('')
    await page.getByRole('button', { name: 'Continue to Payment' }).click()

    await expect(currentStep(page)).toContainText('Shipping')
    await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Email is required')
    await expect(form.getByLabel('Last name')).toHaveAccessibleDescription('Full name is required')
    await expect(form.getByLabel('Street address')).toHaveAccessibleDescription(
      'Address is required',
    )
    await expect(form.getByLabel('City')).toHaveValue('Boise')
    await expect(form.getByLabel('First name')).toHaveValue('Ann')

    await form.getByLabel('Email').fill(email)
    await form.getByLabel('Last name').fill('Lee')
    await form.getByLabel('Street address').fill('12 Meadow Lane')
    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await expect(currentStep(page)).toContainText('Payment')
    await page.getByRole('button', { name: 'Review Order' }).click()
    await expect(currentStep(page)).toContainText('Review')
    await expectSummary(page, {
      Subtotal: '$22.00',
      Shipping: '$5.99',
      'Tax (6%)': '$1.32',
      Total: '$29.31',
    })

    // Without JavaScript the button cannot wait for the box: the server refuses instead.
    await page.getByRole('button', { name: 'Place Order' }).click()
    await expect(
      page.getByText('Please accept the terms of service and privacy policy.'),
    ).toBeVisible()
    await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
    await page.getByRole('button', { name: 'Place Order' }).click()

    await expect(page).toHaveURL(/\/order-confirmation\//)
    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()
    await expect(page.getByText('$29.31')).toBeVisible()

    // "Save this address" was ticked for a first address.
    await page.goto('/account/addresses')
    await expect(page.getByText('12 Meadow Lane').first()).toBeVisible()
  })
})
