import type { Locator, Page } from '@playwright/test'

/** The cart's or the checkout's order summary. */
export function orderSummary(page: Page): Locator {
  return page.getByRole('region', { name: 'Order Summary' })
}

/** The value beside a label in the order summary (exact label, so Total is not Subtotal). */
export function summaryValue(page: Page, label: string): Locator {
  return orderSummary(page)
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
}
