import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

// Every page a visitor can reach, checked with axe against WCAG 2.2 A and AA.

const PAGES = [
  '/',
  '/shop',
  '/shop?category=Eggs',
  '/about',
  '/grass-fed-beef',
  '/contact',
  '/cart',
  '/signin',
  '/signin?forgot=1',
  '/signup',
  '/reset-password?token=not-a-real-token',
  '/newsletter/confirm?token=not-a-real-token',
  '/newsletter/unsubscribe?token=not-a-real-token',
  '/no-such-page',
]

test('axe finds nothing on any public page', async ({ page }) => {
  // Fifteen pages, each analysed in full: more than the default 30 s on a busy machine.
  test.setTimeout(180_000)
  await page.goto('/')
  const product = await page
    .getByRole('link', { name: /^View Details/ })
    .first()
    .getAttribute('href')
  const failures: string[] = []
  for (const path of [...PAGES, product ?? '/']) {
    await page.goto(path)
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze()
    for (const violation of results.violations)
      failures.push(`${path}: ${violation.id}: ${violation.help}`)
  }
  expect(failures).toEqual([])
})
