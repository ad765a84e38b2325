import { fuzzAll, type Job, RUNS, report } from './support/fuzz-harness'
import { CookieJar } from './support/fuzz-inputs'
import {
  checkLive,
  checkServed,
  formulaCells,
  htmlChecker,
  signedInPage,
} from './support/fuzz-pages'
import { expect, test } from './support/fuzz-server'
import { placeOrder, prices, productsOfOptions, stockAccount } from './support/fuzz-state'
import { TARGETS } from './support/fuzz-targets'

// The fuzzing as an admin, and as whoever else stores text (the properties are in
// fuzz-routes.spec.ts): whatever they stored shows as text, and none of it runs.

test('admins and customers: hostile values refused or stored as text, and none of it runs', async ({
  fuzzServer: server,
  browser,
}) => {
  test.setTimeout(Math.max(180_000, RUNS * 6_000))
  const admin = await server.newAdmin()
  const customer = await server.newCustomer('fuzz-shopper')
  const guest = new CookieJar()
  await placeOrder(server, admin, customer)
  const stockBefore = stockAccount(server)
  const pricesBefore = prices(server)
  const productOf = productsOfOptions(server)

  const stores = TARGETS.filter((target) => target.stores && target.access !== 'admin')
  const jobs: Job[] = [
    // Admins on every form but the ones that would end their session or only send them home.
    ...TARGETS.filter((t) => t.name !== 'signout' && t.access !== 'guest-only').map((target) => ({
      target,
      role: 'admin' as const,
      jar: admin.jar,
      runs: RUNS,
    })),
    ...stores
      .filter((t) => t.access !== 'user')
      .map((target) => ({ target, role: 'guest' as const, jar: guest, runs: RUNS })),
    ...stores
      .filter((t) => t.access !== 'guest-only')
      .map((target) => ({ target, role: 'customer' as const, jar: customer.jar, runs: RUNS })),
  ]
  const fuzzStarted = Date.now()
  const failures = await fuzzAll(server, jobs)
  const fuzzSeconds = Math.round((Date.now() - fuzzStarted) / 1000)
  expect.soft(failures, failures.join('\n\n')).toEqual([])

  // Every price or stock the run changed belongs to a product an admin's change is logged for
  // (orders move stock between the shelf and the orders, which the account keeps level).
  const stockAfter = stockAccount(server)
  const pricesAfter = prices(server)
  const audited = new Set(
    server
      .all<{ id: string }>(
        `select a.entity_id as id from audit_log a join customers c on c.id = a.actor_id
          where a.entity_type = 'product' and c.is_admin = 1`,
      )
      .map((row) => row.id),
  )
  const unexplained = [
    ...Object.keys(stockBefore).filter((key) => stockAfter[key] !== stockBefore[key]),
    ...Object.keys(pricesBefore).filter((key) => pricesAfter[key] !== pricesBefore[key]),
  ].filter((key) => !audited.has(productOf(key)))
  expect(unexplained, 'price or stock changes no admin made').toEqual([])

  // What the forms stored is within what the forms allow.
  const broken = server.all<{ what: string }>(
    `select 'product ' || id || ': price_cents ' || price_cents || ', stock ' || stock_quantity
            || ', name length ' || length(trim(name)) || ', image ' || coalesce(image_url, 'none')
            || ', options ' || (select count(*) from product_variants v where v.product_id = products.id) as what
       from products
       where price_cents not between 0 and 10000000 or stock_quantity not between 0 and 100000
          or length(trim(name)) not between 1 and 120
          or (image_url is not null and image_url not like '/images/%')
     union all
     select 'option ' || id from product_variants
       where price_cents not between 0 and 10000000 or stock_quantity not between 0 and 100000
     union all
     select 'options do not add up: ' || p.id from products p
       where exists (select 1 from product_variants v where v.product_id = p.id)
         and p.stock_quantity != (select sum(v.stock_quantity) from product_variants v where v.product_id = p.id)
     union all
     select 'settings' from settings
       where tax_rate_basis_points not between 0 and 2500 or standard_shipping_cents > 100000
          or express_shipping_cents > 100000 or pickup_shipping_cents > 100000
     union all
     select 'promo code ' || code from promo_codes
       where (discount_type = 'percent' and discount_value not between 1 and 100)
          or code glob '*[^A-Z0-9]*'
     union all
     select 'farm links' from farm_info
       where (facebook_url is not null and facebook_url not like 'https://%')
          or (instagram_url is not null and instagram_url not like 'https://%')
     union all
     select 'team photo ' || id from team_members
       where image_url is not null and image_url not like '/images/%'`,
  )
  expect(broken, 'rows a form should never have stored').toEqual([])

  const exports: string[] = []
  for (const path of ['/admin/orders.csv', '/admin/newsletter.csv']) {
    const csv = await fetch(`${server.url}${path}`, { headers: { cookie: admin.jar.header() } })
    expect(csv.status, path).toBe(200)
    for (const cell of formulaCells(await csv.text())) exports.push(`${path}: ${cell}`)
  }
  expect(exports, 'CSV cells a spreadsheet would run').toEqual([])

  // Every page that shows stored text, in Chromium, as the people who see it.
  const few = (sql: string) => server.all<{ id: string }>(`${sql} limit 3`).map((row) => row.id)
  const payload = (column: string) => `(${column} like '%data-fz%' or ${column} like '%__xss%')`
  const adminPaths = [
    '/',
    '/shop',
    '/about',
    '/contact',
    '/grass-fed-beef',
    '/admin',
    '/admin/orders',
    '/admin/products',
    '/admin/products/new',
    '/admin/waiting-list',
    '/admin/customers',
    '/admin/messages',
    '/admin/messages?status=archived',
    '/admin/newsletter',
    '/admin/emails',
    '/admin/errors',
    '/admin/activity',
    '/admin/content',
    '/admin/content/team',
    '/admin/content/gallery',
    '/admin/promo-codes',
    '/admin/settings',
    ...few(`select id from products where ${payload('name')} or ${payload('description')}`).flatMap(
      (id) => [`/product/${id}`, `/admin/products/${id}`],
    ),
    ...few(
      `select id from orders where ${payload('ship_first_name')} or ${payload('ship_street')} or ${payload('ship_city')}`,
    ).flatMap((id) => [`/admin/orders/${id}`, `/admin/orders/${id}/packing-slip`]),
    ...few(
      `select id from customers where ${payload('first_name')} or ${payload('last_name')}`,
    ).map((id) => `/admin/customers/${id}`),
    ...few(
      `select id from contact_submissions where ${payload('name')} or ${payload('message')}`,
    ).map((id) => `/admin/messages/${id}`),
    ...few('select id from promo_codes').map((id) => `/admin/promo-codes/${id}`),
  ]
  const orders = few(`select id from orders where customer_id = '${customer.id}'`)
  const customerPaths = [
    '/cart',
    '/checkout',
    '/account/profile',
    '/account/addresses',
    '/account/orders',
    '/account/waiting-list',
    ...orders.flatMap((id) => [`/account/orders/${id}`, `/order-confirmation/${id}`]),
  ]
  const walkStarted = Date.now()
  const check = await htmlChecker(browser)
  const problems = [
    ...(await checkServed(server, admin.jar, adminPaths, check)),
    ...(await checkServed(server, customer.jar, customerPaths, check)),
  ]
  const servedSeconds = Math.round((Date.now() - walkStarted) / 1000)
  // A few of them live, with their scripts running, as their readers see them: the home page
  // and the first stored payload of each kind (a product, an order, a customer, a message).
  const firstOfEach = (paths: string[]) => [
    ...new Map(paths.map((path) => [path.replace(/[0-9a-f-]{36}.*$/, ''), path])).values(),
  ]
  const livePaths = ['/', ...firstOfEach(adminPaths.filter((path) => /[0-9a-f-]{36}$/.test(path)))]
  problems.push(
    ...(await checkLive(await signedInPage(browser, server, admin.jar), livePaths)),
    ...(await checkLive(await signedInPage(browser, server, customer.jar), ['/account/addresses'])),
  )

  // The emails the shop wrote, as a mail program would show them.
  const mails = server.all<{ subject: string; html_body: string }>(
    `select subject, html_body from email_outbox where html_body is not null
        and ${payload('html_body')} limit 30`,
  )
  for (const mail of mails) {
    problems.push(...(await check(`email "${mail.subject}"`, mail.html_body)))
    if (/[\r\n]/.test(mail.subject))
      problems.push(`email subject with a line break: ${mail.subject}`)
  }
  const stored = server.get<{ n: number }>(
    `select (select count(*) from products where ${payload('name')} or ${payload('description')})
          + (select count(*) from customers where ${payload('first_name')} or ${payload('last_name')})
          + (select count(*) from contact_submissions where ${payload('message')} or ${payload('name')})
          + (select count(*) from orders where ${payload('ship_street')} or ${payload('ship_first_name')})
          + (select count(*) from addresses where ${payload('street')})
          + (select count(*) from team_members where ${payload('name')} or ${payload('bio')})
          + (select count(*) from farm_images where ${payload('alt_text')})
          + (select count(*) from error_reports where ${payload('message')}) as n`,
  )?.n
  report(
    `${stored} stored rows with a payload; ${adminPaths.length + customerPaths.length} pages and ${mails.length} emails checked; ${livePaths.length + 1} of them live; fuzzing ${fuzzSeconds} s, pages ${servedSeconds} s + live ${Math.round((Date.now() - walkStarted) / 1000) - servedSeconds} s`,
  )
  expect(problems, problems.join('\n')).toEqual([])
})
