import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

// WCAG 2.2 A and AA, as tests/e2e/a11y.spec.ts checks the shop's pages.
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

export async function expectNoAxeViolations(page: Page) {
  // Judged as the page opens: axe's target-size counts a control the sticky site header covers
  // after a reload kept the scroll (the account menu's Sign Out under it), which a shopper
  // scrolls back to; a control that is small at the top is still found.
  await page.evaluate(() => window.scrollTo(0, 0))
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze()
  // The failing elements are named, so a failure says where to look without a rerun.
  const where = (v: (typeof results.violations)[number]) =>
    v.nodes.map((node) => node.target.join(' ')).join(', ')
  expect(results.violations.map((v) => `${v.id}: ${v.help} at ${where(v)}`)).toEqual([])
}
