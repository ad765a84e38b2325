import { type Browser, expect, type Page, test } from '@playwright/test'
import SQLite from 'better-sqlite3'
import { expectNoAxeViolations } from './support/axe'
import { signInAsNewAdmin, signUp, uniqueEmail } from './support/users'

// Issue 17: the farmer runs the shop from a phone. No admin page scrolls sideways at 390 px:
// the document is exactly as wide as the window; wide tables scroll inside their own box.

const PHONE = { width: 390, height: 844 }
const DATABASE_FILE = `.cache/e2e-${process.env.E2E_PORT ?? 3100}/shop.db`

// Unbroken text is what widens a phone page, so the test brings its own: an address and a
// message word far longer than a 390 px line (the demo data wraps politely).
const LONG_LABEL = 'a-farmer-with-a-very-long-email-address'
const LONG_WORD = `https://sawtooth-meadows.example.com/${'pasture-raised-'.repeat(6)}eggs`

function firstId(sql: string, ...params: unknown[]): string {
  const db = new SQLite(DATABASE_FILE, { readonly: true, fileMustExist: true })
  try {
    const row = db.prepare(sql).get(...params) as { id: string } | undefined
    if (!row) throw new Error(`nothing for ${sql}`)
    return row.id
  } finally {
    db.close()
  }
}

/** A failed email whose error is one long word, as a mail server may answer. */
function insertFailedEmail(to: string): string {
  const id = crypto.randomUUID()
  const db = new SQLite(DATABASE_FILE, { fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    db.prepare(
      `insert into email_outbox (id, to_address, subject, text_body, status, attempts, last_error, send_after, template)
       values (?, ?, 'Your order is ready', ?, 'failed', 5, ?, ?, 'test')`,
    ).run(id, to, `See ${LONG_WORD}`, `550-5.1.1 ${LONG_WORD}`, new Date().toISOString())
    return id
  } finally {
    db.close()
  }
}

/** A customer with a long address (their welcome email lands in the outbox). */
async function signUpLongEmail(browser: Browser): Promise<string> {
  const email = uniqueEmail(LONG_LABEL)
  const customer = await browser.newPage()
  await signUp(customer, { email })
  await customer.close()
  return email
}

/** A contact message from a long address with one long word in it. */
async function sendLongMessage(browser: Browser, email: string): Promise<string> {
  const visitor = await browser.newPage()
  await visitor.goto('/contact')
  const form = visitor.getByRole('form', { name: 'Send Us a Message' })
  const name = `Phone Test ${Date.now()}`
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Subject').selectOption('Wholesale')
  await form.getByLabel('Message').fill(`Our order list is at ${LONG_WORD} for next week.`)
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(form.getByRole('status')).toContainText('Thank you for your message!')
  await visitor.close()
  return firstId('select id from contact_submissions where name = ?', name)
}

/** How far the document is wider than the window, and what sticks out first (for the report). */
function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth
    const excess = document.documentElement.scrollWidth - width
    if (excess <= 0) return null
    // Elements inside a scroll box may stick out of the box; only the rest widens the page.
    const clipped = (element: Element) => {
      for (let at = element.parentElement; at && at !== document.body; at = at.parentElement) {
        if (getComputedStyle(at).overflowX !== 'visible') return true
      }
      return false
    }
    const culprit = [...document.body.querySelectorAll('*')].find(
      (element) => element.getBoundingClientRect().right > width + 0.5 && !clipped(element),
    )
    const name = culprit
      ? `${culprit.tagName.toLowerCase()}.${[...culprit.classList].join('.')} "${(culprit.textContent ?? '').trim().slice(0, 40)}"`
      : 'unknown element'
    return `${excess} px too wide (${name})`
  })
}

test('every admin page fits a 390 px phone without scrolling sideways', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const longEmail = await signUpLongEmail(browser)
  const messageId = await sendLongMessage(browser, longEmail)
  const failedEmailId = insertFailedEmail(longEmail)

  await page.setViewportSize(PHONE)
  await signInAsNewAdmin(page, 'Phoebe')
  const pages = [
    '/admin',
    '/admin/orders',
    `/admin/orders/${firstId('select id from orders order by created_at desc')}`,
    '/admin/fulfilment',
    '/admin/fulfilment/setup',
    `/admin/fulfilment/places/${firstId('select id from pickup_places')}`,
    '/admin/fulfilment/places/new',
    `/admin/fulfilment/zones/${firstId('select id from delivery_zones')}`,
    '/admin/fulfilment/zones/new',
    '/admin/products',
    '/admin/products/new',
    `/admin/products/${firstId("select id from products where name = 'Beef Share'")}`,
    `/admin/products/${firstId("select id from products where name = 'Filet Mignon'")}`,
    '/admin/waiting-list',
    '/admin/customers',
    `/admin/customers/${firstId('select id from customers where email = ?', longEmail)}`,
    `/admin/customers/${firstId('select customer_id as id from orders where customer_id is not null')}`,
    '/admin/messages',
    `/admin/messages/${messageId}`,
    `/admin/messages/${firstId("select id from contact_submissions where email like '%boisebistro%'")}`,
    '/admin/newsletter',
    '/admin/emails',
    `/admin/emails?open=${failedEmailId}`,
    '/admin/errors',
    '/admin/activity',
    '/admin/content',
    '/admin/content/team',
    '/admin/content/gallery',
    '/admin/content/policies/terms',
    '/admin/promo-codes',
    `/admin/promo-codes/${firstId('select id from promo_codes')}`,
    '/admin/settings',
    '/admin/shares',
    '/admin/shares/new',
    `/admin/shares/${firstId("select id from animals where name = 'Steer #14'")}`,
  ]
  const wide: string[] = []
  for (const path of pages) {
    const answer = await page.goto(path)
    expect(answer?.status(), path).toBe(200)
    const overflow = await overflowOf(page)
    if (overflow) wide.push(`${path}: ${overflow}`)
  }
  expect(wide, 'pages wider than the phone').toEqual([])
})

// Issue 33: a list is cards at 390 px, inside its named, keyboard-reachable box, which no
// longer needs to scroll sideways.
test('admin lists are cards inside a named, keyboard-reachable box at 390 px', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize(PHONE)
  await signInAsNewAdmin(page, 'Quinn')
  await page.goto('/admin/products')
  const box = page.getByRole('region', { name: 'Products' })
  await expect(box).toHaveAttribute('tabindex', '0')
  const [scrollWidth, clientWidth] = await box.evaluate((element) => [
    element.scrollWidth,
    element.clientWidth,
  ])
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth ?? 0)
  await expectNoAxeViolations(page)
  await page.goto(`/admin/orders/${firstId('select id from orders order by created_at desc')}`)
  await expectNoAxeViolations(page)
  await page.goto('/admin/messages')
  await expectNoAxeViolations(page)
})
