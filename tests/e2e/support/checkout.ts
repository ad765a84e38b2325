import { expect, type Page } from '@playwright/test'

/**
 * Checks out the page's cart as a signed-in customer with pickup and payment at pickup,
 * the shortest path; returns the new order's id. `origin` when the page talks to a server other
 * than the configured one.
 */
export async function placePickupOrder(page: Page, origin = ''): Promise<string> {
  await page.goto(`${origin}/checkout`)
  const form = page.locator('form', {
    has: page.getByRole('button', { name: 'Continue to Payment' }),
  })
  await form.getByLabel('Phone').fill('208-555-0142')
  // Pickup asks for no address; the earliest open pickup time comes chosen.
  await form.getByRole('radio', { name: 'Pickup', exact: true }).check()
  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await page.getByRole('button', { name: 'Review Order' }).click()
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/)
  return new URL(page.url()).pathname.split('/').at(-1) as string
}
