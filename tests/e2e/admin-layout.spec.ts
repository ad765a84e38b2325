import { expect, type Page, test } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'
import { signInAsNewAdmin } from './support/users'

// Issue 33 items 4 and 6: the back office has a frame of its own (a top bar and its sections,
// no shop header or footer), made for a phone first: the sections behind a Menu button, lists
// as cards that keep each order's status and total, nothing scrolling sideways.

const PHONE = { width: 390, height: 844 }
const LAPTOP = { width: 1280, height: 800 }

/** How much wider than the window the page is; 0 when nothing scrolls sideways. */
function sidewaysScroll(page: Page) {
  return page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement
    return scroller.scrollWidth - window.innerWidth
  })
}

test('at 390 px the sections open from a Menu button and are chosen by keyboard', async ({
  page,
}) => {
  await page.setViewportSize(PHONE)
  await signInAsNewAdmin(page, 'Wren')
  await page.goto('/admin')

  // The back office's own frame: one banner, one main, no shop header links, no shop footer.
  await expect(page.getByRole('banner')).toHaveCount(1)
  await expect(page.getByRole('main')).toHaveCount(1)
  await expect(page.getByRole('contentinfo')).toHaveCount(0)
  await expect(page.getByRole('link', { name: /^Cart/ })).toHaveCount(0)

  const nav = page.getByRole('navigation', { name: 'Admin sections' })
  const menu = nav.getByRole('button', { name: 'Menu' })
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeHidden()

  await menu.focus()
  await page.keyboard.press('Enter')
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  await expect(nav.getByRole('link', { name: 'Activity' })).toBeVisible()
  // Escape closes the list and leaves focus on the button.
  await page.keyboard.press('Escape')
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(menu).toBeFocused()

  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/orders$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
  // The list closes behind the choice, and focus goes to the new page, not to a hidden link.
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByRole('main')).toBeFocused()
  await menu.click()
  await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page')
  // On a phone the account's Sign Out is in the same menu.
  await nav.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/admin')
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0)
})

test('at 390 px lists are cards that keep status and total, and nothing scrolls sideways', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize(PHONE)
  await signInAsNewAdmin(page, 'Moss')
  await page.goto('/admin/orders')
  const list = page.getByRole('region', { name: 'Orders, newest first' })
  const [scrollWidth, clientWidth] = await list.evaluate((box) => [
    box.scrollWidth,
    box.clientWidth,
  ])
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
  // The first card shows its order number, status and total, all inside the phone's width.
  const headings = await list.locator('thead th').allTextContents()
  const card = list.locator('tbody tr').first()
  const cell = (heading: string) => card.locator(':scope > *').nth(headings.indexOf(heading))
  await expect(cell('Status')).toHaveText(/\w/)
  await expect(cell('Total')).toHaveText(/^\$[\d,]+\.\d\d$/)
  for (const value of [
    card.getByRole('link', { name: /^FS-\d+$/ }),
    cell('Status'),
    cell('Total'),
  ]) {
    await expect(value).toBeVisible()
    const box = await value.boundingBox()
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width)
  }

  for (const path of [
    '/admin',
    '/admin/orders',
    '/admin/fulfilment',
    '/admin/products',
    '/admin/customers',
    '/admin/messages',
    '/admin/promo-codes',
    '/admin/emails',
    '/admin/activity',
    '/admin/shares',
  ]) {
    await page.goto(path)
    expect(await sidewaysScroll(page), path).toBeLessThanOrEqual(0)
  }
})

test('View shop leaves the back office for the shop, with its own header', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await signInAsNewAdmin(page, 'Fern')
  await page.goto('/admin/orders')
  await page.getByRole('banner').getByRole('link', { name: 'View shop' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0)
  await expect(page.getByRole('contentinfo')).toHaveCount(1)
})

test('on a laptop the sections sit beside the page and the account menu signs out', async ({
  page,
}) => {
  await page.setViewportSize(LAPTOP)
  await signInAsNewAdmin(page, 'Sorrel')
  await page.goto('/admin')
  const nav = page.getByRole('navigation', { name: 'Admin sections' })
  await expect(nav.getByRole('button', { name: 'Menu' })).toBeHidden()
  await nav.getByRole('link', { name: 'Customers' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible()
  await page.getByRole('button', { name: 'Account menu for Sorrel' }).click()
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/admin')
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0)
})

for (const viewport of [PHONE, LAPTOP]) {
  test(`axe finds nothing on the dashboard, orders and This week at ${viewport.width} px`, async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize(viewport)
    await signInAsNewAdmin(page, 'Aster')
    for (const path of ['/admin', '/admin/orders', '/admin/fulfilment']) {
      await page.goto(path)
      await expectNoAxeViolations(page)
    }
    // With the phone's menu open too.
    if (viewport === PHONE) {
      await page.getByRole('button', { name: 'Menu' }).click()
      await expectNoAxeViolations(page)
    }
  })
}
