// What the fuzz tests (tests/e2e/fuzz-*.spec.ts) compare before and after a run: the catalog
// and everything else only an admin changes, and the accounts they set up to be probed.
import { type Account, expect, type FuzzServer } from './fuzz-server'

type StockRow = { id: string; stock_quantity: number }

export function adminOwned(server: FuzzServer, victim: Account) {
  const rows = <T>(sql: string, ...params: unknown[]) => server.all<T>(sql, ...params)
  return {
    products: rows(
      `select id, name, description, category, price_cents, image_url, is_available, unit,
              next_available_date, expected_quantity, archived_at from products order by id`,
    ),
    variants: rows(
      'select id, product_id, name, price_cents, is_available from product_variants order by id',
    ),
    settings: rows('select * from settings'),
    promoCodes: rows(
      `select id, code, discount_type, discount_value, min_subtotal_cents, starts_at, ends_at,
              usage_limit, is_active from promo_codes order by id`,
    ),
    farm: rows('select * from farm_info'),
    pictures: rows('select * from farm_images order by id'),
    team: rows('select * from team_members order by id'),
    admins: rows('select id from customers where is_admin = 1 order by id'),
    victim: {
      profile: rows(
        'select first_name, last_name, phone, email from customers where id = ?',
        victim.id,
      ),
      addresses: rows('select * from addresses where customer_id = ? order by id', victim.id),
      cart: rows(
        `select l.id, l.product_id, l.product_variant_id, l.quantity, c.promo_code from cart_lines l
           join carts c on c.id = l.cart_id where c.customer_id = ? order by l.id`,
        victim.id,
      ),
      waiting: rows('select * from waiting_list where customer_id = ? order by id', victim.id),
    },
  }
}

/** Stock plus what orders hold: placing an order moves units from the one to the other, and
 * cancelling moves them back; nothing else a guest or customer does may change the sum. */
export function stockAccount(server: FuzzServer): Record<string, number> {
  const account: Record<string, number> = {}
  // A beef share product's stock mirrors its animal's pool of quarters (ADR 31): the pool is
  // what is kept level, quarters left plus quarters in live shares.
  const pooled = `select product_id from animals`
  for (const row of server.all<StockRow>(
    `select id, stock_quantity from products where id not in (${pooled})`,
  ))
    account[`product ${row.id}`] = row.stock_quantity
  for (const row of server.all<StockRow>(
    `select id, stock_quantity from product_variants where product_id not in (${pooled})`,
  ))
    account[`option ${row.id}`] = row.stock_quantity
  for (const row of server.all<StockRow>(
    `select a.id, a.units_left + coalesce((select sum(s.share_units) from share_orders s
       where s.animal_id = a.id and s.cancelled_at is null), 0) as stock_quantity from animals a`,
  ))
    account[`animal ${row.id}`] = row.stock_quantity
  const held = server.all<{ product_id: string; product_variant_id: string | null; q: number }>(
    `select i.product_id, i.product_variant_id, sum(i.quantity) as q from order_items i
       join orders o on o.id = i.order_id where o.status != 'cancelled'
         and i.product_id not in (${pooled})
      group by i.product_id, i.product_variant_id`,
  )
  for (const row of held) {
    account[`product ${row.product_id}`] = (account[`product ${row.product_id}`] ?? 0) + row.q
    if (row.product_variant_id)
      account[`option ${row.product_variant_id}`] =
        (account[`option ${row.product_variant_id}`] ?? 0) + row.q
  }
  return account
}

export function prices(server: FuzzServer): Record<string, number> {
  const rows = server.all<{ key: string; price_cents: number }>(
    `select 'product ' || id as key, price_cents from products
     union all select 'option ' || id, price_cents from product_variants`,
  )
  return Object.fromEntries(rows.map((row) => [row.key, row.price_cents]))
}

/** 'product <id>' and 'option <id>' keys to the product they belong to (as the run starts:
 * options may be removed during it). */
export function productsOfOptions(server: FuzzServer): (key: string) => string {
  const options = new Map(
    server
      .all<{ id: string; product_id: string }>('select id, product_id from product_variants')
      .map((row) => [row.id, row.product_id]),
  )
  return (key) => {
    const [kind, id = ''] = key.split(' ')
    return kind === 'option' ? (options.get(id) ?? id) : id
  }
}

/** The victim: another customer with an address, a cart line and a waiting-list entry, whose
 * ids are in the pools the probes pick from. */
export async function makeVictim(server: FuzzServer): Promise<Account> {
  const victim = await server.newCustomer('victim')
  const jam = server.get<{ id: string }>("select id from products where name = 'Huckleberry Jam'")
  const filet = server.get<{ id: string }>("select id from products where name = 'Filet Mignon'")
  const steps = [
    await server.post(victim.jar, '/cart', { intent: 'add', productId: jam?.id ?? '' }),
    await server.post(victim.jar, '/account/addresses', {
      intent: 'save',
      firstName: 'Vic',
      lastName: 'Tim',
      street: '1 Safe Street',
      city: 'Boise',
      state: 'ID',
      zipCode: '83702',
    }),
    await server.post(victim.jar, `/product/${filet?.id}`, {
      intent: 'join-waiting-list',
      quantity: '2',
    }),
  ]
  expect(steps.map((response) => response.status)).toEqual([200, 200, 200])
  return victim
}

/** One real order, so the admin's order forms have something to work on. The admin restocks
 * the jam first (the guests' and customers' run before may have sold everything). */
export async function placeOrder(server: FuzzServer, admin: Account, customer: Account) {
  const jam = server.get<{ id: string }>("select id from products where name = 'Huckleberry Jam'")
  const productId = jam?.id ?? ''
  const restocked = await server.post(admin.jar, '/admin/products', {
    intent: 'set-stock',
    productId,
    stock: '50',
  })
  expect(restocked.status).toBe(200)
  await server.post(customer.jar, '/cart', { intent: 'add', productId })
  const placed = await server.post(customer.jar, '/checkout', {
    intent: 'place-order',
    email: customer.email,
    phone: '208-555-0142',
    firstName: 'Ann',
    lastName: 'Lee',
    street: '12 Meadow Lane',
    city: 'Boise',
    state: 'ID',
    zipCode: '83702',
    // Shipped: jam needs no pickup window, whatever windows the demo farm has.
    shippingMethod: 'standard',
    paymentMethod: 'offline',
    idempotencyKey: crypto.randomUUID(),
    acceptTerms: 'on',
  })
  expect(placed.headers.get('location') ?? '').toMatch(/^\/order-confirmation\//)
}
