import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

test('the home page shows three featured products from the database', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveTitle(/^Home \| .+/)
  await expect(page.getByRole('link', { name: 'Shop Now' }).first()).toBeVisible()
  const featured = page.getByRole('region', { name: 'Featured Products' })
  await expect(featured.getByRole('article')).toHaveCount(3)
  await expect(featured.getByRole('link', { name: /View Details/ })).toHaveCount(3)
  await expect(page.getByRole('heading', { name: 'Our Story' })).toBeVisible()
  await expect(page.getByRole('link', { name: /^Learn More/ })).toHaveAttribute('href', '/about')
})

test('navigation bar and footer', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  for (const name of ['Home', 'Shop', 'About', 'Contact']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
  }
  await expect(page.getByRole('link', { name: /^Cart, 0 items$/ })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible()
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('navigation', { name: 'Quick links' })).toBeVisible()
  await expect(footer.getByText('Monday - Saturday:')).toBeVisible()
  await expect(footer.getByText('Sunday:')).toBeVisible()
})

test('the mobile menu opens from the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/')
  const menu = page.getByRole('button', { name: 'Menu' })
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await menu.focus()
  await page.keyboard.press('Enter')
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  const mobile = page.getByRole('navigation', { name: 'Mobile' })
  await expect(mobile.getByRole('link', { name: 'Shop' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(mobile).toBeHidden()
  await expect(menu).toBeFocused()
  await menu.click()
  await mobile.getByRole('link', { name: 'About' }).click()
  await expect(page).toHaveURL(/\/about$/)
  await expect(mobile).toBeHidden()
})

test('the home page has no axe violations', async ({ page }) => {
  // Home has seven sections (issue 22): every rule over all of them takes a while on a busy machine.
  test.slow()
  await page.goto('/')
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
})

test('an unknown path answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
})
