import { type Browser, expect, type Page } from '@playwright/test'
import type { PrivateServer } from './private-server'
import { signUp, uniqueEmail } from './users'

// The steps the waiting-list journeys share (admin-products.spec.ts, waiting-list-hold.spec.ts).

export const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`

/** Fills the Add Product form's main fields; returns the new product's id. */
export async function createProduct(
  page: Page,
  product: { name: string; stock: number; price?: string; category?: string },
): Promise<string> {
  await page.goto('/admin/products/new')
  await page.getByLabel('Name', { exact: true }).fill(product.name)
  await page.getByLabel('Description').fill('Made on the farm for this test.')
  await page.getByLabel('Category', { exact: true }).selectOption(product.category ?? 'Pantry')
  await page.getByLabel('Price (dollars)', { exact: true }).fill(product.price ?? '8.00')
  await page.getByLabel('Unit').fill('jar')
  await page.getByLabel('Stock', { exact: true }).fill(String(product.stock))
  await page.getByRole('button', { name: 'Save Product' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Product created.' })).toBeVisible()
  return new URL(page.url()).pathname.split('/').at(-1) as string
}

/** A new customer, signed up in a browser context of their own. */
export async function newCustomerPage(browser: Browser, server: PrivateServer, label: string) {
  const context = await browser.newContext({ baseURL: server.url })
  const page = await context.newPage()
  const email = uniqueEmail(label)
  await signUp(page, { email, firstName: 'Wren' })
  return { page, email, close: () => context.close() }
}

export async function joinWaitingList(page: Page, productId: string, quantity = 1) {
  await page.goto(`/product/${productId}`)
  await page.getByRole('button', { name: 'Join Waiting List' }).click()
  const dialog = page.getByRole('dialog', { name: 'Join Waiting List' })
  for (let n = 1; n < quantity; n++) {
    await dialog.getByRole('button', { name: 'Increase', exact: true }).click()
  }
  await dialog.getByRole('button', { name: 'Join Waiting List' }).click()
  await expect(dialog.getByRole('status')).toHaveText('You have been added to the waiting list!')
}

/** The list's quick stock change for one product, waiting for its answer. */
export async function setStockFromList(page: Page, name: string, stock: number) {
  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`)
  const row = page.getByRole('row').filter({ hasText: name })
  await row.getByLabel(`New stock for ${name}`).fill(String(stock))
  await row.getByRole('button', { name: `Save stock for ${name}` }).click()
}

/** The emails that held stock for `email` (ADR 29). */
export async function reservedMailsTo(server: PrivateServer, email: string) {
  return (await server.listMail()).filter(
    (mail) => mail.to.includes(email) && /^Reserved for you/.test(mail.subject),
  )
}

/** The path of a hold email's claim or decline link. */
export function holdLink(text: string, link: 'claim' | 'decline'): string {
  const match = new RegExp(`/waiting-list/${link}/[A-Za-z0-9_-]{43}`).exec(text)
  if (!match) throw new Error(`no ${link} link in the email`)
  return match[0]
}
