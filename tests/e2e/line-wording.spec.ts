import { expect, test } from './support/private-server'
import { signUp, uniqueEmail } from './support/users'

// One way to show a line (issue 32 items 2 and 5), on a fresh demo database: a shopper buys two
// New York strips ($24.99/lb, about 0.85 lb each: est. $21.24 a piece) to pay at pickup, and
// the line reads the same on the cart, checkout's review, the confirmation, the account's
// order, the admin order, the packing slip, This week's pack list, the printed pack list and
// the pick list (in pieces, with the weight expected). Weighed (0.82 and 0.95 lb), it reads
// "2 pieces, 1.77 lb at $24.99/lb" wherever it is listed, and the printed lists give each
// piece's weight and the exact amount to collect.

// A worker and a demo database of its own: no other spec's orders on its pick list.
test.use({ privateServerEnv: { E2E_SPEC: 'line-wording' } })
test.describe.configure({ timeout: 120_000 })

const STRIP = 'New York Strip Steak'
const LINE = '2 pieces, about 0.85 lb each, $24.99/lb, est. $42.48'
const WEIGHED = '2 pieces, 1.77 lb at $24.99/lb'

test('a by-weight line reads the same on every surface, weighed or not; the pick list counts pieces', async ({
  page,
  browser,
  privateServer,
}) => {
  await signUp(page, { email: uniqueEmail('line') })
  await privateServer.addToCart(page, STRIP, 2)

  await page.goto('/cart')
  await expect(page.getByText(LINE, { exact: true })).toBeVisible()

  await page.goto('/checkout')
  const form = page.locator('form', {
    has: page.getByRole('button', { name: 'Continue to Payment' }),
  })
  await form.getByLabel('Phone').fill('208-555-0142')
  await form.getByRole('radio', { name: 'Pickup', exact: true }).check()
  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await page.getByRole('radio', { name: 'Pay at pickup or on delivery' }).check()
  await page.getByRole('button', { name: 'Review Order' }).click()
  const review = page.getByRole('region', { name: 'Order Items' })
  await expect(review.getByText(LINE, { exact: true })).toBeVisible()
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
  await page.getByRole('button', { name: 'Place Order' }).click()

  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/)
  const orderId = page.url().split('/').pop() ?? ''
  // Under load the checkout page can still be on screen as the address changes: read the
  // confirmation's line once the confirmation is shown.
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()
  await expect(page.getByText(LINE, { exact: true })).toBeVisible()
  await page.goto(`/account/orders/${orderId}`)
  await expect(page.getByText(LINE, { exact: true })).toBeVisible()

  const order = privateServer.queryOne<{ fulfilment_date: string; order_number: number }>(
    'select fulfilment_date, order_number from orders where id = ?',
    orderId,
  )
  if (!order) throw new Error('the order is not in the database')
  const number = `FS-${order.order_number}`

  const farm = await (await browser.newContext({ baseURL: privateServer.url })).newPage()
  await privateServer.signInAsNewAdmin(farm)

  const day = order.fulfilment_date
  /** The order's own block on This week's pack list, and its page of the printed one. */
  const packBlock = () =>
    farm
      .getByRole('listitem')
      .filter({ has: farm.getByRole('link', { name: number, exact: true }) })
  const printed = () => farm.getByRole('region', { name: new RegExp(`^Order ${number}:`) })

  /** The line on the farm's screens: the order, its slip, This week and the printed list. */
  async function farmReads(words: string) {
    await farm.goto(`/admin/orders/${orderId}`)
    const items = farm.getByRole('table', { name: `Items in order ${number}` })
    await expect(items.getByRole('row', { name: `${STRIP} ${words}` })).toBeVisible()
    await expect(items.getByText(words, { exact: true })).toBeVisible()
    await farm.goto(`/admin/orders/${orderId}/packing-slip`)
    await expect(farm.getByText(words, { exact: true })).toBeVisible()
    await farm.goto(`/admin/fulfilment?day=${day}`)
    await expect(packBlock().getByText(`${STRIP}: ${words}`, { exact: true })).toBeVisible()
    await farm.goto(`/admin/fulfilment/pack-list?day=${day}`)
    await expect(printed().getByText(words, { exact: true })).toBeVisible()
  }

  /**
   * The day's pick line for the strips, from the database: every open order's pieces, at their
   * weights where weighed, else their average.
   */
  function pickRow() {
    const row = privateServer.queryOne<{ pieces: number; centi: number; unweighed: number }>(
      `select sum(i.quantity) as pieces,
         sum(coalesce((select sum(w.weight_centi_lb) from order_item_weights w
                       where w.order_item_id = i.id and o.weighed_at is not null),
                      i.quantity * i.average_weight_centi_lb)) as centi,
         sum(case when o.weighed_at is null then 1 else 0 end) as unweighed
       from order_items i join orders o on o.id = i.order_id
       where o.fulfilment_date = ? and i.product_name = ? and i.sold_by_weight = 1
         and o.status not in ('cancelled', 'completed')`,
      day,
      STRIP,
    )
    if (!row) throw new Error('no strips to pick')
    const lb = (row.centi / 100).toString()
    return [
      STRIP,
      'piece',
      String(row.pieces),
      `${row.unweighed > 0 ? 'about ' : ''}${lb} lb`,
    ].join('')
  }

  await farmReads(LINE)
  // The pick list: the strips in pieces with the weight expected, not "lb 2".
  await farm.goto(`/admin/fulfilment?day=${day}`)
  const pick = farm.getByRole('table', { name: /^Pick list for / })
  await expect(pick.getByRole('row', { name: STRIP })).toHaveText(pickRow())
  expect(pickRow()).toMatch(/^New York Strip Steakpiece\d+about [\d.]+ lb$/)

  // Weighed on the pack list.
  const weights = farm.getByRole('group', { name: new RegExp(`^Weights for ${number}`) })
  await weights.getByLabel(`${STRIP} piece 1 weight (lb)`).fill('0.82')
  await weights.getByLabel(`${STRIP} piece 2 weight (lb)`).fill('0.95')
  await farm.getByRole('button', { name: `Save weights for ${number}` }).click()
  // 24.99 x 0.82 = 20.49; 24.99 x 0.95 = 23.74; $44.23 + $2.65 tax
  await expect(farm.getByText('All pieces weighed: the final total is $46.88.')).toBeVisible()
  await expect(pick.getByRole('row', { name: STRIP })).toHaveText(pickRow())

  await farmReads(WEIGHED)
  // The printed pack list (open now) and the packing slip: each piece, and what to collect.
  await expect(printed().getByText('Weighed: 0.82 lb, 0.95 lb')).toBeVisible()
  await expect(printed().getByText('Collect $46.88', { exact: true })).toBeVisible()
  await farm.goto(`/admin/orders/${orderId}/packing-slip`)
  await expect(farm.getByText('Weighed: 0.82 lb, 0.95 lb')).toBeVisible()
  await expect(farm.getByText('Collect $46.88', { exact: true })).toBeVisible()
  await farm.context().close()

  await page.goto(`/account/orders/${orderId}`)
  await expect(page.getByText(WEIGHED, { exact: true })).toBeVisible()
})
