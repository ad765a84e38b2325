import { expect, type Page, test } from '@playwright/test'
import { addToCart } from './support/cart'
import { waitForMail } from './support/mailbox'
import { signUp, uniqueEmail } from './support/users'

// On a slow connection a shopper starts typing before the page's JavaScript has loaded. What
// they typed must still be there once React takes the page over (a controlled field would be
// reset to its initial state). The scripts are held back until the fields are filled.

/** Holds every script until the returned function is called; it then waits for React to own `field`. */
async function holdScripts(page: Page, field: string): Promise<() => Promise<void>> {
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/assets/*.js', async (route) => {
    await released
    await route.continue()
  })
  return async () => {
    release()
    // React has taken the field over once it carries its fiber; effects run right after.
    await page.waitForFunction((selector) => {
      const input = document.querySelector(selector)
      return input !== null && Object.keys(input).some((key) => key.startsWith('__reactFiber'))
    }, field)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
  }
}

test('an email typed into the newsletter form before the scripts load is kept and subscribed', async ({
  page,
}) => {
  const email = uniqueEmail('early-news')
  const releaseScripts = await holdScripts(page, 'input[name="email"]')
  await page.goto('/contact', { waitUntil: 'domcontentloaded' })
  const form = page.getByRole('form', { name: 'Subscribe to Our Newsletter' })
  await form.getByLabel('Email').fill(email)
  await releaseScripts()
  await expect(form.getByLabel('Email')).toHaveValue(email)
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(form.getByRole('status')).toHaveText('Thank you for subscribing to our newsletter!')
  await waitForMail(email, /confirm your newsletter subscription/i)
})

test('an email typed on the sign-in page before the scripts load is kept', async ({ page }) => {
  const releaseScripts = await holdScripts(page, 'input[name="email"]')
  await page.goto('/signin', { waitUntil: 'domcontentloaded' })
  const email = uniqueEmail('early-signin')
  await page.getByLabel('Email').fill(email)
  await releaseScripts()
  await expect(page.getByLabel('Email')).toHaveValue(email)
})

test('terms ticked before the scripts load leave Place Order enabled', async ({ page }) => {
  await signUp(page, { email: uniqueEmail('early-terms') })
  await addToCart(page, { product: 'Pasture-Raised Eggs', variant: 'Dozen' })
  // Every step of the checkout is then a document of its own, its scripts held back.
  const releaseScripts = await holdScripts(page, 'input[name="acceptTerms"]')
  await page.goto('/checkout', { waitUntil: 'domcontentloaded' })
  const shipping = page.locator('form', {
    has: page.getByRole('button', { name: 'Continue to Payment' }),
  })
  await shipping.getByLabel('Phone').fill('208-555-0142')
  await shipping.getByRole('radio', { name: /^Pickup$/ }).check()
  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await page.getByRole('button', { name: 'Review Order' }).click()
  const terms = page.getByLabel('I agree to the Terms of Service and Privacy Policy')
  await terms.check()
  await releaseScripts()
  await expect(terms).toBeChecked()
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled()
})
