import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { placePickupOrder } from './support/checkout'
import { expect, test } from './support/private-server'
import {
  createProduct,
  holdLink,
  joinWaitingList,
  newCustomerPage,
  reservedMailsTo,
  setStockFromList,
  unique,
} from './support/waiting-list'

// Issue 20 part 3 (ADR 29), in the browser: a fair waiting list. The farm restocks one unit
// with two people waiting; only the first is emailed, "Reserved for you until ...", and the
// email's link puts the unit in their cart, where checkout takes it. The second sees it sold
// out meanwhile. A hold can be passed on from its email (the next in line can then claim it
// from their account page), and a guest following the claim link signs in first. Restocking changes what the shop shows, so this runs on a private server.

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
}

test('a restocked unit is held for the first in line, who buys it; the next sees it sold out', async ({
  page,
  browser,
  privateServer,
}) => {
  test.setTimeout(180_000)
  await privateServer.signInAsNewAdmin(page)
  const name = unique('Beef Tallow')
  const productId = await createProduct(page, { name, stock: 0 })
  const first = await newCustomerPage(browser, privateServer, 'hold-first')
  await joinWaitingList(first.page, productId)
  const second = await newCustomerPage(browser, privateServer, 'hold-second')
  await joinWaitingList(second.page, productId)

  await setStockFromList(page, name, 1)
  await expect(page.getByRole('status')).toHaveText(
    `${name} now has 1 in stock. 1 customer on the waiting list was emailed.`,
  )
  const mail = await privateServer.waitForMail(
    first.email,
    new RegExp(`^Reserved for you: ${name}$`),
  )
  expect(mail.text).toMatch(/Reserved for you until \w+day, \w+ \d+, \d+(:\d\d)? [ap]m\./)

  // The second in line: the unit is not for sale to them, and they got no email.
  await second.page.goto(`/product/${productId}`)
  await expect(second.page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled()
  const refused = await second.page.request.post('/cart', {
    form: { intent: 'add', productId, quantity: '1' },
    headers: { Origin: privateServer.url },
  })
  expect(refused.status()).toBe(409)

  // The first: the email's link puts the held unit in the cart; checkout takes it.
  await first.page.goto(holdLink(mail.text, 'claim'))
  await expect(first.page).toHaveURL(/\/cart$/)
  const line = first.page.getByRole('listitem').filter({ hasText: name })
  await expect(line.getByText(/^Reserved for you until /)).toBeVisible()
  await expectNoAxeViolations(first.page)
  const orderId = await placePickupOrder(first.page)
  expect(
    privateServer.queryOne<{ status: string; order_id: string }>(
      'select h.status, h.order_id from stock_holds h join waiting_list w on w.id = h.waiting_list_id where w.product_id = ?',
      productId,
    ),
  ).toEqual({ status: 'claimed', order_id: orderId })
  expect(
    privateServer.queryOne(
      'select stock_quantity, held_quantity from products where id = ?',
      productId,
    ),
  ).toEqual({ stock_quantity: 0, held_quantity: 0 })

  // The admin sees who bought it, with the order.
  await page.goto('/admin/waiting-list?status=fulfilled')
  const group = page.getByRole('listitem').filter({ hasText: name })
  await expect(group.getByText(/bought 1, order FS-\d+/)).toBeVisible()
  await expectNoAxeViolations(page)

  await page.waitForTimeout(2_000)
  expect(await reservedMailsTo(privateServer, second.email)).toHaveLength(0)
  await first.close()
  await second.close()
})

test('a hold passed on from its email goes to the next in line; a guest signs in to claim', async ({
  page,
  browser,
  privateServer,
}) => {
  test.setTimeout(180_000)
  await privateServer.signInAsNewAdmin(page)
  const name = unique('Bone Broth')
  const productId = await createProduct(page, { name, stock: 0 })
  const first = await newCustomerPage(browser, privateServer, 'pass-first')
  await joinWaitingList(first.page, productId)
  const second = await newCustomerPage(browser, privateServer, 'pass-second')
  await joinWaitingList(second.page, productId)
  await setStockFromList(page, name, 1)
  const mail = await privateServer.waitForMail(
    first.email,
    new RegExp(`^Reserved for you: ${name}$`),
  )

  // A guest (or a mail scanner) following the claim link only reaches the sign-in page.
  const guest = await browser.newContext({ baseURL: privateServer.url })
  const guestPage = await guest.newPage()
  await guestPage.goto(holdLink(mail.text, 'claim'))
  await expect(guestPage).toHaveURL(/\/signin\?redirect=%2Fwaiting-list%2Fclaim%2F/)
  await expect(
    guestPage.getByText(
      'Sign in with the account that joined the waiting list to put your reserved item in your cart.',
    ),
  ).toBeVisible()
  await guest.close()

  // Opening the pass-on link only asks; the button passes it on.
  await first.page.goto(holdLink(mail.text, 'decline'))
  await expect(first.page.getByText(`1 × ${name} is reserved for you until`)).toBeVisible()
  await expectNoAxeViolations(first.page)
  await first.page.getByRole('button', { name: 'Pass It On' }).click()
  await expect(first.page.getByRole('status')).toHaveText(
    'Thank you. We have passed it on to the next person waiting.',
  )
  const next = await privateServer.waitForMail(
    second.email,
    new RegExp(`^Reserved for you: ${name}$`),
  )
  expect(next.text).toContain('Reserved for you until')
  // Without the email, the account's waiting list offers the reservation too.
  await second.page.goto('/account/waiting-list')
  const reserved = second.page.getByRole('region', { name: 'Reserved for You' })
  await expect(reserved.getByText(/^Reserved for you until /)).toBeVisible()
  await expectNoAxeViolations(second.page)
  // (Chromium puts a space before the visually hidden part of the name.)
  await reserved.getByRole('button', { name: new RegExp(`^Put It in My Cart ?: ${name}$`) }).click()
  await expect(second.page).toHaveURL(/\/cart$/)
  await expect(
    second.page
      .getByRole('listitem')
      .filter({ hasText: name })
      .getByText(/^Reserved for you until /),
  ).toBeVisible()
  // The first's link now says what happened.
  await first.page.goto(holdLink(mail.text, 'claim'))
  await expect(first.page.getByRole('alert')).toHaveText(
    'This reservation was passed on to the next person waiting.',
  )
  await first.close()
  await second.close()
})
