import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import routes from '../../app/routes'
import { signInAsNewAdmin, signUp, uniqueEmail } from './support/users'

// Issue 6, access: every admin URL, taken from the route config itself so a new admin page
// cannot be missed, sends guests and customers home, and refuses a forged form post from a
// customer's session with 403 (405 where the URL takes no posts at all, such as a CSV download).
// Each area's own spec checks that the refused post changed nothing.

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] }

function adminPaths(entries: RouteEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : [parent, entry.path].filter(Boolean).join('/')
    const own = path.startsWith('admin') ? [path] : []
    return entry.children ? [...own, ...adminPaths(entry.children, path)] : own
  })
}

// Params get an id nobody has: the guard must answer before any lookup could.
const ADMIN_URLS = [...new Set(adminPaths(routes as RouteEntry[]))].map(
  (path) => `/${path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000')}`,
)

test('the route config lists every admin section', () => {
  for (const url of [
    '/admin',
    '/admin/orders',
    '/admin/products',
    '/admin/customers',
    '/admin/subscriptions',
    '/admin/subscriptions/00000000-0000-4000-8000-000000000000',
    '/admin/subscriptions/export',
  ])
    expect(ADMIN_URLS).toContain(url)
  expect(ADMIN_URLS.length).toBeGreaterThanOrEqual(20)
})

async function expectSentHome(page: Page) {
  for (const url of ADMIN_URLS) {
    const response = await page.request.get(url, { maxRedirects: 0 })
    expect(response.status(), url).toBe(302)
    expect(new URL(response.headers().location ?? '', 'http://x').pathname, url).toBe('/')
  }
}

test('guests are sent home from every admin page and refused on every admin post', async ({
  page,
  baseURL,
}) => {
  await expectSentHome(page)
  for (const url of ADMIN_URLS) {
    const response = await page.request.post(url, {
      form: { intent: 'delete' },
      headers: { Origin: baseURL ?? '' },
      maxRedirects: 0,
    })
    expect([403, 405], url).toContain(response.status())
  }
})

test('a customer is sent home from every admin page, and a forged admin post gets 403', async ({
  page,
  baseURL,
}) => {
  await signUp(page, { email: uniqueEmail('not-admin') })
  await expectSentHome(page)
  for (const url of ADMIN_URLS) {
    const response = await page.request.post(url, {
      form: { intent: 'grant-admin', stock: '99', status: 'cancelled' },
      headers: { Origin: baseURL ?? '' },
      maxRedirects: 0,
    })
    expect([403, 405], url).toContain(response.status())
  }
  // Through the browser, the refusal is a page that says so.
  await page.goto('/')
  await page.evaluate(() => {
    const form = document.createElement('form')
    form.method = 'post'
    form.action = '/admin/settings'
    document.body.append(form)
    form.submit()
  })
  await expect(page.getByRole('heading', { name: 'Not Allowed' })).toBeVisible()
  await expect(page.getByText('Only farm admins can do that.')).toBeVisible()

  await page.goto('/')
  await page.getByRole('button', { name: /Account menu/ }).click()
  await expect(page.getByRole('link', { name: 'My Account' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0)
})

test('an admin reaches every section from the admin navigation', async ({ page }) => {
  await signInAsNewAdmin(page, 'Nell')
  await page.getByRole('button', { name: 'Account menu for Nell' }).click()
  await page.getByRole('link', { name: 'Admin Dashboard' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()

  const nav = page.getByRole('navigation', { name: 'Admin sections' })
  const sections = [
    'Dashboard',
    'Orders',
    'Products',
    'Subscriptions',
    'Customers',
    'Waiting List',
    'Messages',
    'Content',
    'Promo Codes',
    'Settings',
    'Emails',
    'Activity',
  ]
  for (const name of sections) await expect(nav.getByRole('link', { name })).toBeVisible()
  for (const name of sections.slice(1)) {
    await nav.getByRole('link', { name }).click()
    await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  }
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  expect(results.violations).toEqual([])
})

test('on a phone the admin navigation opens from its Menu button and every section stays reachable', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await signInAsNewAdmin(page, 'Pip')
  await page.goto('/admin')
  const nav = page.getByRole('navigation', { name: 'Admin sections' })
  await nav.getByRole('button', { name: 'Menu' }).click()
  await nav.getByRole('link', { name: 'Activity' }).click()
  await expect(page).toHaveURL(/\/admin\/activity$/)
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
})
