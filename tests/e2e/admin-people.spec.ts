import AxeBuilder from '@axe-core/playwright'
import { type Browser, expect, type Page, test } from '@playwright/test'
import SQLite from 'better-sqlite3'
import { waitForMail } from './support/mailbox'
import { signInAsNewAdmin, signUp, uniqueEmail } from './support/users'

// The back-office's people pages (issue 6 items 5, 7, 11, 12 and D13's export): customers and
// admin rights, the contact inbox, newsletter subscribers, the outbox, error reports and the
// activity log, each checked with axe, and each closed to a customer.

const PORT = process.env.E2E_PORT ?? 3100
const DATABASE_FILE = `.cache/e2e-${PORT}/shop.db`
const ORIGIN = `http://localhost:${PORT}`

function readDb<T>(query: string, ...params: unknown[]): T | undefined {
  const db = new SQLite(DATABASE_FILE, { readonly: true, fileMustExist: true })
  try {
    return db.prepare(query).get(...params) as T | undefined
  } finally {
    db.close()
  }
}

function customerId(email: string): string {
  const row = readDb<{ id: string }>('select id from customers where email = ?', email)
  if (!row) throw new Error(`No customer ${email}`)
  return row.id
}

function isAdmin(email: string): boolean {
  return (
    readDb<{ is_admin: number }>('select is_admin from customers where email = ?', email)
      ?.is_admin === 1
  )
}

/** Writes to the end-to-end server's database, for states a browser cannot make. */
function writeDb(query: string, ...params: unknown[]) {
  const db = new SQLite(DATABASE_FILE, { fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    db.prepare(query).run(...params)
  } finally {
    db.close()
  }
}

/** A failed email, as the outbox leaves one after five refused deliveries. */
function insertFailedEmail(to: string, subject: string) {
  writeDb(
    `insert into email_outbox (id, to_address, subject, text_body, status, attempts, last_error, send_after, template)
     values (?, ?, ?, ?, 'failed', 5, '550 Mailbox unavailable', ?, 'test')`,
    crypto.randomUUID(),
    to,
    subject,
    'Hello from the farm.\nSecond line.',
    new Date().toISOString(),
  )
}

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  expect(
    results.violations.map((v) => `${page.url()}: ${v.id}: ${v.help}`),
    'axe violations',
  ).toEqual([])
}

/** A customer account signed in on its own browser context (its own cookies). */
async function newShopper(browser: Browser, firstName: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const email = uniqueEmail(firstName.toLowerCase())
  await signUp(page, { firstName, lastName: 'Shopper', email })
  return { context, page, email }
}

/** Clicks a ConfirmSubmitButton and answers its dialog. */
async function confirmAction(page: Page, button: string, answer: string) {
  await page.getByRole('button', { name: button, exact: true }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: answer, exact: true }).click()
}

test('an admin finds a customer, grants admin after confirming, and the activity log shows who', async ({
  page,
  browser,
}) => {
  // Two accounts made and signed in (password hashing), then six admin pages: over a minute on a
  // busy two-core machine.
  test.setTimeout(120_000)
  const adminEmail = await signInAsNewAdmin(page, 'Ruth')
  const shopper = await newShopper(browser, 'Dora')

  await page.goto('/admin/customers')
  await expectAxeClean(page)
  await page.getByLabel('Search by name or email').fill(shopper.email.toUpperCase())
  await page.getByRole('button', { name: 'Search' }).click()
  const table = page.getByRole('table', { name: 'Customers' })
  await expect(table.getByRole('row')).toHaveCount(2)
  const row = table.getByRole('row').nth(1)
  await expect(row).toContainText(shopper.email)
  await expect(row.getByRole('cell').nth(3)).toHaveText('No')
  await row.getByRole('link', { name: 'Dora Shopper' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Dora Shopper' })).toBeVisible()
  for (const panel of ['Profile', 'Orders', 'Addresses', 'Waiting List']) {
    await expect(page.getByRole('heading', { level: 2, name: panel })).toBeVisible()
  }
  await expectAxeClean(page)

  // Cancel first: nothing changes.
  await confirmAction(page, 'Grant Admin', 'Cancel')
  expect(isAdmin(shopper.email)).toBe(false)
  await confirmAction(page, 'Grant Admin', 'Grant Admin')
  await expect(page.getByRole('status')).toHaveText('This customer is now an admin.')
  expect(isAdmin(shopper.email)).toBe(true)

  // The new admin's next page view is an admin's.
  await shopper.page.goto('/admin')
  await expect(shopper.page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()

  await page.goto('/admin/activity')
  await page.getByLabel('What changed').selectOption('customer')
  await page.getByLabel('Who').selectOption({ label: `Ruth Admin (${adminEmail})` })
  await page.getByLabel('Action contains').fill('grant')
  await page.getByRole('button', { name: 'Filter' }).click()
  const activity = page.getByRole('table', { name: 'Changes, newest first' })
  const grant = activity.getByRole('row').filter({ hasText: shopper.email })
  await expect(grant).toHaveCount(1)
  await expect(grant).toContainText('admin.grant')
  await expect(grant).toContainText(adminEmail)
  await expect(grant).toContainText('is_admin: no -> yes')
  await expect(grant.getByRole('link', { name: shopper.email })).toHaveAttribute(
    'href',
    `/admin/customers/${customerId(shopper.email)}`,
  )
  await expectAxeClean(page)

  // And the other way, after confirming.
  await page.goto(`/admin/customers/${customerId(shopper.email)}`)
  await confirmAction(page, 'Remove Admin', 'Remove Admin')
  await expect(page.getByRole('status')).toHaveText('This customer is no longer an admin.')
  expect(isAdmin(shopper.email)).toBe(false)
  await shopper.page.goto('/admin')
  await expect(shopper.page).toHaveURL(/\/$/)
  await shopper.context.close()
})

test('an admin cannot remove their own admin rights from the page', async ({ page }) => {
  const adminEmail = await signInAsNewAdmin(page, 'Sol')
  await page.goto(`/admin/customers/${customerId(adminEmail)}`)
  await expect(
    page.getByText('Your own admin rights can only be removed by another admin.'),
  ).toBeVisible()
  await confirmAction(page, 'Remove Admin', 'Remove Admin')
  await expect(page.getByRole('alert')).toHaveText(
    'You cannot remove your own admin rights here. Ask another admin to do it.',
  )
  expect(isAdmin(adminEmail)).toBe(true)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
})

test('a contact message is read as text in the inbox, then archived; reply is a mailto', async ({
  page,
  browser,
}) => {
  const sender = `Eve ${Date.now()}`
  const senderEmail = uniqueEmail('eve')
  const body = 'Hello <b>html</b> farm!\n<script>window.hacked = 1</script>\nSecond line.'
  const visitor = await browser.newPage()
  await visitor.goto('/contact')
  const form = visitor.getByRole('form', { name: 'Send Us a Message' })
  await form.getByLabel('Name').fill(sender)
  await form.getByLabel('Email').fill(senderEmail)
  await form.getByLabel('Subject').selectOption('Wholesale')
  await form.getByLabel('Message').fill(body)
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(form.getByRole('status')).toContainText('Thank you for your message!')
  await visitor.close()

  await signInAsNewAdmin(page, 'Mae')
  await page.goto('/admin/messages?status=unread')
  await expect(page.getByRole('link', { name: 'Unread', exact: false })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expectAxeClean(page)
  const row = page.getByRole('row').filter({ hasText: sender })
  await expect(row).toContainText(senderEmail)
  await expect(row).toContainText('Wholesale')
  await row.getByRole('link', { name: sender }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Wholesale' })).toBeVisible()
  const shown = page.getByTestId('message-body')
  await expect(shown).toHaveText(body, { useInnerText: true })
  await expect(shown.locator('b, script')).toHaveCount(0)
  expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined()
  await expect(page.getByRole('link', { name: 'Reply by Email' })).toHaveAttribute(
    'href',
    `mailto:${senderEmail}?subject=Re%3A%20Wholesale`,
  )
  await expectAxeClean(page)

  // Opening it read it.
  await page.goto('/admin/messages?status=read')
  await expect(page.getByRole('row').filter({ hasText: sender })).toHaveCount(1)
  await page.goto('/admin/messages?status=unread')
  await expect(page.getByRole('row').filter({ hasText: sender })).toHaveCount(0)

  await page.goto('/admin/messages?status=read')
  await page.getByRole('link', { name: sender }).click()
  await page.getByRole('button', { name: 'Archive' }).click()
  await expect(page.getByRole('status')).toHaveText('Message archived.')
  await page.goto('/admin/messages?status=archived')
  await expect(page.getByRole('row').filter({ hasText: sender })).toHaveCount(1)

  await page.getByRole('link', { name: sender }).click()
  await page.getByRole('button', { name: 'Move to Inbox' }).click()
  await expect(page.getByRole('status')).toHaveText('Message moved back to the inbox (Read).')
  await page.getByRole('button', { name: 'Mark as Unread' }).click()
  await expect(page).toHaveURL(/\/admin\/messages\?status=unread$/)
  await expect(page.getByRole('row').filter({ hasText: sender })).toHaveCount(1)
})

test('the outbox shows sent email, opens one as text, and resends a failed one', async ({
  page,
}) => {
  const adminEmail = await signInAsNewAdmin(page, 'Ida')
  const to = uniqueEmail('bounced')
  const subject = `Your order is ready ${Date.now()}`
  insertFailedEmail(to, subject)

  await page.goto('/admin/emails?status=sent')
  await expect(page.getByRole('link', { name: /^Sent/ })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('cell', { name: 'Sent', exact: true }).first()).toBeVisible()
  await expectAxeClean(page)

  await page.goto('/admin/emails?status=failed')
  const row = page.getByRole('row').filter({ hasText: subject })
  await expect(row).toContainText('550 Mailbox unavailable')
  await expect(row).toContainText('Failed')
  await row.getByRole('link', { name: subject }).click()
  await expect(page.getByRole('heading', { name: `Email: ${subject}` })).toBeVisible()
  await expect(page.getByText('Hello from the farm.')).toBeVisible()
  await expectAxeClean(page)

  await page
    .getByRole('row')
    .filter({ hasText: subject })
    .getByRole('button', { name: /^Resend/ })
    .click()
  await expect(page.getByRole('status')).toHaveText(
    'The email is queued again and goes out in a few seconds.',
  )
  const mail = await waitForMail(to, new RegExp(subject))
  expect(mail.text).toContain('Second line.')
  await expect(async () => {
    await page.goto('/admin/emails?status=sent')
    await expect(page.getByRole('row').filter({ hasText: subject })).toHaveCount(1, {
      timeout: 500,
    })
  }).toPass({ timeout: 15_000 })

  await page.goto('/admin/activity?what=email')
  const resend = page.getByRole('row').filter({ hasText: 'email.resend' }).filter({
    hasText: adminEmail,
  })
  await expect(resend).toHaveCount(1)
  await expect(resend).toContainText('status: failed -> pending')
})

test('error reports and newsletter subscribers, with a safe CSV export', async ({
  page,
  request,
}) => {
  const message = `Cannot read the barn door ${Date.now()}`
  const reported = await request.post('/api/errors', {
    data: [{ level: 'error', message, stack: 'TypeError: door\n    at open (barn.js:1:1)' }],
    headers: { 'User-Agent': 'E2E-Browser/1.0' },
  })
  expect(reported.status()).toBe(204)
  // An address a spreadsheet would run as a formula: the export must keep it text.
  const subscriber = `=cmd-${Date.now()}@example.com`
  writeDb(
    `insert into newsletter_subscribers (id, email, status, token) values (?, ?, 'pending', ?)`,
    crypto.randomUUID(),
    subscriber,
    crypto.randomUUID(),
  )

  await signInAsNewAdmin(page, 'Lou')
  await page.goto('/admin/emails')
  await page.getByRole('link', { name: 'Error Reports' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Error Reports' })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: message })
  await expect(row).toContainText('E2E-Browser/1.0')
  await expect(row).toContainText('Guest')
  await expect(row.getByText('at open (barn.js:1:1)')).toBeHidden()
  await row.getByText('Show stack').click()
  await expect(row.getByText('at open (barn.js:1:1)')).toBeVisible()
  await expectAxeClean(page)

  await page.goto('/admin/customers')
  await page.getByRole('link', { name: 'Newsletter Subscribers' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Newsletter Subscribers' }),
  ).toBeVisible()
  await page.getByRole('link', { name: /^Pending/ }).click()
  await expect(page.getByRole('row').filter({ hasText: subscriber })).toContainText(
    'Waiting for confirmation',
  )
  await expectAxeClean(page)

  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download CSV' }).click()
  const csvPath = await (await download).path()
  const { readFileSync } = await import('node:fs')
  const csv = readFileSync(csvPath, 'utf8')
  expect(csv.split('\r\n')[0]).toBe('email,status,subscribed,confirmed,unsubscribed')
  expect(csv).toContain(`'${subscriber},pending,`)
  expect(csv).not.toContain(`\n${subscriber}`)
})

test('a customer is sent home from every people page, and a forged post is refused', async ({
  page,
}) => {
  const email = uniqueEmail('nosy')
  await signUp(page, { firstName: 'Nosy', lastName: 'Parker', email })
  const id = customerId(email)
  const messageRow = readDb<{ id: string }>('select id from contact_submissions limit 1')
  const messageId = messageRow?.id ?? 'none'
  for (const path of [
    '/admin/customers',
    `/admin/customers/${id}`,
    '/admin/messages',
    `/admin/messages/${messageId}`,
    '/admin/newsletter',
    '/admin/newsletter.csv',
    '/admin/emails',
    '/admin/errors',
    '/admin/activity',
  ]) {
    const response = await page.request.get(path, { maxRedirects: 0 })
    expect(response.status(), path).toBe(302)
    expect(response.headers().location, path).toBe('/')
  }
  await page.goto('/admin/activity')
  await expect(page).toHaveURL(/\/$/)

  const before = readDb<{ status: string }>(
    'select status from contact_submissions where id = ?',
    messageId,
  )
  for (const [path, form] of [
    [`/admin/customers/${id}`, { intent: 'grant-admin' }],
    [`/admin/messages/${messageId}`, { intent: 'archive' }],
    ['/admin/emails', { intent: 'resend', id: 'anything' }],
  ] as const) {
    const response = await page.request.post(path, { form, headers: { Origin: ORIGIN } })
    expect(response.status(), path).toBe(403)
  }
  expect(isAdmin(email)).toBe(false)
  expect(
    readDb<{ status: string }>('select status from contact_submissions where id = ?', messageId),
  ).toEqual(before)
})
