import type { Page } from '@playwright/test'
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in'
import { expectNoAxeViolations } from './support/axe'
import { placePickupOrder } from './support/checkout'
import { linksIn } from './support/mailbox'
import { expect, type PrivateServer, test as serverTest } from './support/private-server'
import { addShareToCart } from './support/shares'
import { signUp, uniqueEmail } from './support/users'

// Beef shares end to end (issue 20 part 2, ADR 31), on a private server with Stripe pointed at
// the local stand-in: two customers reserve shares of Steer #14 with a deposit, one fills in
// the cut sheet, the admin sees it, prints it and enters the hanging weight, the balance emails
// arrive, and one balance is paid by card while the other is left to pay at pickup.

const WEBHOOK_SECRET = 'whsec_test_shares'

const test = serverTest.extend<object, { standIn: StripeStandIn }>({
  standIn: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires an object pattern first, even with no fixtures used
    async ({}, use) => {
      const standIn = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET })
      await use(standIn)
      await standIn.close()
    },
    { scope: 'worker' },
  ],
  privateServerEnv: [
    async ({ standIn }, use) =>
      use({
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: standIn.apiBase,
      }),
    { scope: 'worker' },
  ],
})

test.describe.configure({ mode: 'serial' })

/** A new customer with one share of `option` in their cart, checked out for pickup. */
async function reserveShare(page: Page, server: PrivateServer, option: string, email: string) {
  await signUp(page, { email, firstName: option === 'Quarter Share' ? 'Ann' : 'Bo' })
  const { productId } = await addShareToCart(page, server, option)
  return { orderId: await placePickupOrder(page), productId }
}

test('a quarter and a half: deposit, cut sheet, hanging weight, balance by card and at pickup', async ({
  page,
  browser,
  privateServer,
  standIn,
}) => {
  test.setTimeout(120_000)
  standIn.webhookUrl = `${privateServer.url}/api/stripe/webhook`
  const annEmail = uniqueEmail('quarter')
  const { orderId, productId } = await reserveShare(page, privateServer, 'Quarter Share', annEmail)

  // Three quarters left: the product page offers no Whole.
  await page.goto(`/product/${productId}`)
  const options = page.getByRole('group', { name: 'Options' })
  await expect(options.getByRole('button', { name: /Whole Share/ })).toBeDisabled()
  await expect(options.getByRole('button', { name: /Half Share/ })).toBeEnabled()

  // The cut sheet, from the order page.
  await page.goto(`/account/orders/${orderId}`)
  await page.getByRole('link', { name: /Fill in the cut sheet/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Cut Sheet: Quarter Share of Steer #14',
  )
  await page.getByRole('button', { name: 'Save Cut Sheet' }).click()
  // Nothing chosen: the browser's own check (required radios) keeps the form from going.
  await expect(page.getByRole('status')).toHaveCount(0)
  const pick = (legend: string, choice: string) =>
    page
      .getByRole('group', { name: legend })
      .getByRole('radio', { name: choice, exact: true })
      .check()
  await pick('Steak thickness', '1 in')
  await pick('Steaks per pack', '2 steaks')
  await pick('Roasts', 'Grind them')
  await pick('Ground beef pack size', '1 lb')
  await pick('Stew meat', 'Yes')
  await pick('Soup bones', 'No')
  await pick('Organs (heart, liver, tongue)', 'No')
  await page.getByLabel('Notes for the butcher (optional)').fill('Extra lean grind, please')
  await page.getByRole('button', { name: 'Save Cut Sheet' }).click()
  await expect(page.getByRole('status')).toContainText('Your cut sheet is saved')
  await page.reload()
  await expect(page.getByRole('radio', { name: 'Grind them' })).toBeChecked()
  await expectNoAxeViolations(page)

  // A second customer takes a half: one quarter is left.
  const boContext = await browser.newContext({ baseURL: privateServer.url })
  const bo = await boContext.newPage()
  const boEmail = uniqueEmail('half')
  await reserveShare(bo, privateServer, 'Half Share', boEmail)

  // The admin: the animal, its shares and cut sheets, the print, the hanging weight.
  const adminContext = await browser.newContext({ baseURL: privateServer.url })
  const admin = await adminContext.newPage()
  await privateServer.signInAsNewAdmin(admin)
  await admin.goto('/admin')
  await admin
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Beef Shares' })
    .click()
  const row = admin.getByRole('row', { name: /Steer #14/ })
  await expect(row).toContainText('1 of 4')
  await expect(row).toContainText('2 (3 quarters)')
  await expectNoAxeViolations(admin)
  await row.getByRole('link', { name: 'Steer #14' }).click()
  await expect(admin.getByRole('region', { name: /Cut sheet of Ann/ })).toContainText('Grind them')
  await expect(admin.getByRole('region', { name: /Cut sheet of Ann/ })).toContainText(
    'Extra lean grind, please',
  )
  await expectNoAxeViolations(admin)
  await admin.goto(`${new URL(admin.url()).pathname}/print`)
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Cut Sheets: Steer #14')
  await expect(admin.getByRole('region', { name: /Quarter share for Ann/ })).toContainText('1 in')
  await expect(admin.getByRole('region', { name: /Half share for Bo/ })).toContainText(
    'No cut sheet',
  )
  await expectNoAxeViolations(admin)
  await admin.goBack()
  await admin.getByLabel('Hanging weight (lb)').fill('612.5')
  await admin.getByRole('button', { name: 'Save Weight and Email Balances' }).click()
  await expect(admin.getByRole('status')).toContainText(
    'Hanging weight 612.5 lb saved. The balance and pickup date were emailed to 2 share-holders.',
  )

  // Ann pays her balance by card: 153.13 lb x $4.95 = $757.97 + $125 - $300 deposit = $582.97,
  // and its 6 % sales tax, $34.98, like the deposit's at checkout.
  const annMail = await privateServer.waitForMail(
    annEmail,
    /Quarter share of Steer #14: balance \$617\.95/,
  )
  expect(annMail.text).toContain('Balance before tax: $582.97\nSales tax: $34.98\nBalance: $617.95')
  const annLink = linksIn(annMail).find((link) => link.includes('/shares/balance/')) ?? ''
  await page.goto(annLink)
  const balance = page.getByRole('region', { name: 'Balance' })
  await expect(balance).toContainText('$582.97')
  await expect(balance).toContainText('$34.98')
  await expect(balance).toContainText('$617.95')
  await expect(balance).toContainText('Unpaid')
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Pay $617.95 by Card' }).click()
  await page.waitForURL(`${standIn.apiBase}/pay/**`)
  await expect(page.getByRole('heading', { name: 'Pay 617.95 USD' })).toBeVisible()
  await page.getByRole('button', { name: 'Pay' }).click()
  await page.waitForURL(/\/shares\/balance\/.+\?paid=1$/)
  await expect(balance.getByRole('definition').last()).toHaveText('Paid')
  await expect(page.getByRole('button', { name: /by Card/ })).toHaveCount(0)

  // Bo pays at pickup: 306.25 lb x $4.95 = $1,515.94 + $250 - $600 = $1,165.94, + $69.96 tax.
  const boMail = await privateServer.waitForMail(
    boEmail,
    /Half share of Steer #14: balance \$1,235\.90/,
  )
  await bo.goto(linksIn(boMail).find((link) => link.includes('/shares/balance/')) ?? '')
  await bo.getByRole('button', { name: 'Pay at Pickup' }).click()
  await expect(bo.getByRole('status')).toContainText('please pay the balance when you pick up')
  await expect(
    bo.getByRole('region', { name: 'Balance' }).getByRole('definition').last(),
  ).toHaveText('Pay at pickup')

  await admin.reload()
  const shares = admin.getByRole('region', { name: 'Shares', exact: true })
  await expect(shares.getByRole('row', { name: /Ann/ })).toContainText('$617.95, Paid')
  await expect(shares.getByRole('row', { name: /Bo/ })).toContainText('$1,235.90, Pay at pickup')

  // Bo pays in person at pickup; the admin marks it.
  await shares.getByRole('button', { name: 'Mark Paid for Bo Lee' }).click()
  await expect(admin.getByRole('status')).toContainText('Balance marked paid.')
  await expect(shares.getByRole('row', { name: /Bo/ })).toContainText('$1,235.90, Paid')

  // Past the cut-off, Ann's cut sheet is shown read-only and a late post is refused.
  await admin.getByLabel('Cut sheet cut-off').fill('2020-01-01')
  await admin.getByLabel('Pickup date').fill('2020-01-02')
  await admin.getByRole('button', { name: 'Save Animal' }).click()
  await expect(admin.getByRole('status')).toContainText('Steer #14 saved.')
  await page.goto(`/account/orders/${orderId}`)
  await page.getByRole('link', { name: /View or change the cut sheet/ }).click()
  await expect(page.getByRole('alert')).toContainText('The cut-off for this animal has passed')
  await expect(page.getByRole('button', { name: 'Save Cut Sheet' })).toHaveCount(0)
  await expect(page.getByText('Grind them')).toBeVisible()
  const late = await page.request.post(page.url(), {
    form: {
      steak_thickness: '1',
      steaks_per_pack: '1',
      roasts: 'roasts',
      ground_pack: '2',
      stew_meat: 'no',
      soup_bones: 'no',
      organs: 'no',
    },
    headers: { Origin: privateServer.url },
  })
  expect(late.status()).toBe(409)
  await boContext.close()
  await adminContext.close()
})
