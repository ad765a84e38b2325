import { readFileSync } from 'node:fs'
import http from 'node:http'
import type { Browser, Page } from '@playwright/test'
import fc from 'fast-check'
import { type Answer, CookieJar, type Probe, send, toCurl } from './support/fuzz-inputs'
import { probeFor } from './support/fuzz-probes'
import { type Account, expect, type FuzzServer, test, WEBHOOK_SECRET } from './support/fuzz-server'
import { TARGETS, type Target } from './support/fuzz-targets'

// Issue 7 item 4, property-based: random and hostile input at every form action and JSON
// endpoint (the table is tests/e2e/support/fuzz-targets.ts), as a guest, as a customer and as
// an admin, against the production build on its own fresh database. The properties:
//   - no request ever answers 5xx;
//   - a foreign Origin is refused (403); a guest or customer posting an admin form gets 403;
//     redirects never leave the shop;
//   - guests and customers change no price, stock, setting or content: after their run every
//     product's and option's stock is what it was minus what their orders hold, and nothing
//     else an admin owns (or another customer's address, cart or waiting list) has changed;
//   - whatever admins and customers stored (names, messages, addresses, products, team, farm
//     information...) shows as text: no page or email has an element made from a payload,
//     and no payload runs in Chromium.
// FUZZ_RUNS (default 15) probes each target per role; `npm run fuzz` runs 500. FUZZ_SEED
// repeats a run; FUZZ_ONLY=cart (or cart:customer) fuzzes one target.

const RUNS = Number(process.env.FUZZ_RUNS ?? 15)
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
const ONLY = process.env.FUZZ_ONLY ?? ''
/** targets fuzzed at the same time (the server has two cores to share with everything else) */
const CONCURRENCY = 3

const ROLES = ['guest', 'customer', 'admin'] as const
type Role = (typeof ROLES)[number]

/** How the probes were answered (by status class), to see that they reach past the checks. */
const answered = new Map<string, number>()
function tally(status: number) {
  const key = `${Math.floor(status / 100)}xx`
  answered.set(key, (answered.get(key) ?? 0) + 1)
}
function report(extra: string) {
  const counts = [...answered].sort().map(([key, n]) => `${key} ${n}`)
  const total = [...answered.values()].reduce((sum, n) => sum + n, 0)
  const description = `${total} probes (${counts.join(', ')}), seed ${SEED}, ${RUNS} runs per target and role; ${extra}`
  test.info().annotations.push({ type: 'fuzz', description })
  console.log(`fuzz: ${description}`)
  answered.clear()
}

test.describe.configure({ mode: 'default' })

test('every action route in app/routes.ts is in the fuzz table', () => {
  const routes = readFileSync('app/routes.ts', 'utf8')
  const modules = [...routes.matchAll(/'(routes\/[^']+\.tsx?)'/g)].map((match) => match[1] ?? '')
  const withAction = modules.filter((module) =>
    /export\s+(async\s+function|const|function)\s+action\b/.test(
      readFileSync(`app/${module}`, 'utf8'),
    ),
  )
  const inTable = TARGETS.map((target) => target.module)
  expect(
    withAction.filter((module) => !inTable.includes(module)),
    'routes with an action missing from tests/e2e/support/fuzz-targets.ts',
  ).toEqual([])
  expect(
    inTable.filter((module) => !withAction.includes(module)),
    'fuzz-targets.ts entries whose route has no action',
  ).toEqual([])
})

// --- what every answer must satisfy -------------------------------------------------------------

const BEFORE_THE_GUARD = [404, 405, 413, 414, 431]
/** Node's own refusals of a request line or headers over its limits. */
const NODE_LIMITS = [414, 431]
const NUL_REFUSAL = 'The request contains a null character, which is not allowed.'

function judge(
  server: FuzzServer,
  target: Target,
  role: Role,
  probe: Probe,
  answer: Answer,
): string | null {
  if (answer.status >= 500) return `answered ${answer.status}`
  if (answer.location !== null) {
    let where: URL | null = null
    try {
      where = new URL(answer.location, server.url)
    } catch {
      return `redirected to an unusable location ${JSON.stringify(answer.location)}`
    }
    const own = new URL(server.url).origin
    if (where.origin !== own && where.origin !== server.stripeOrigin)
      return `redirected off the shop, to ${answer.location}`
  }
  const isGet = probe.method === 'GET' || probe.method === 'HEAD'
  // Providers post back to the OAuth callbacks from their own origin (Apple's form_post).
  const callback = /^\/api\/auth\/callback\//.test(probe.path)
  // Node refuses a request line or headers over its limit (431, 414) before the origin check
  // can run; that is a refusal too.
  if (probe.origin === 'foreign' && !isGet && !callback && !NODE_LIMITS.includes(answer.status)) {
    return answer.status === 403 ? null : `a foreign Origin got ${answer.status}, not 403`
  }
  // Refused before any guard runs: Node's limits (a 100 kB URL), or no such route.
  if (BEFORE_THE_GUARD.includes(answer.status)) return null
  // An address with a NUL character, refused before any route (ADR 17).
  if (answer.status === 400 && probe.path.includes('%00') && answer.body === NUL_REFUSAL)
    return null
  if (target.access === 'admin' && role !== 'admin' && answer.status !== 403)
    return `a ${role} posting an admin form got ${answer.status}, not 403`
  if (target.access === 'user' && role === 'guest' && !answer.location?.startsWith('/signin'))
    return `a guest got ${answer.status} (${answer.location}), not sent to sign in`
  if (target.access === 'guest-only' && role !== 'guest' && answer.location !== '/')
    return `a signed-in ${role} got ${answer.status}, not sent home`
  return null
}

/** The lines of the server's output since `from` that say something went wrong. */
function serverErrors(server: FuzzServer, from: number): string {
  return (
    server
      .logs()
      .slice(from)
      .split('\n')
      // errors the app logged, and the stack traces React Router prints for a 500
      .filter((line) => /"level":(50|60)/.test(line) || (/\S/.test(line) && !line.startsWith('{')))
      .slice(0, 12)
      .map((line) => `    ${line.slice(0, 400)}`)
      .join('\n')
  )
}

/** Done before each probe of a target: every checkout starts with something in the cart, so
 * that the probes that get through place orders (and take stock). */
const PREPARE: Record<string, (server: FuzzServer, jar: CookieJar) => Promise<unknown>> = {
  checkout: (server, jar) =>
    server.post(jar, '/cart', { intent: 'add', productId: productInStock(server) }),
}

/** A product without options that can be added to a cart now. */
function productInStock(server: FuzzServer): string {
  return (
    server.get<{ id: string }>(
      `select id from products where stock_quantity > 0 and is_available = 1 and archived_at is null
          and id not in (select product_id from product_variants) order by random() limit 1`,
    )?.id ?? ''
  )
}

/** Fuzzes one target as one role; returns what went wrong, or null. */
async function fuzzTarget(
  server: FuzzServer,
  target: Target,
  role: Role,
  jar: CookieJar,
  seed: number,
  runs: number,
): Promise<string | null> {
  const arbitrary = probeFor(target, { pools: server.pools(), webhookSecret: WEBHOOK_SECRET })
  let logFrom = server.logs().length
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (probe) => {
      logFrom = server.logs().length
      await PREPARE[target.name]?.(server, jar)
      let answer: Answer
      const started = Date.now()
      try {
        answer = await send(server.url, jar, probe)
      } catch (error) {
        const cause = error instanceof Error ? `${error.message}: ${String(error.cause)}` : error
        throw new Error(
          `no answer after ${Date.now() - started} ms (${cause})\n  ${toCurl(server.url, probe)}`,
        )
      }
      tally(answer.status)
      if (process.env.FUZZ_DEBUG)
        console.log(
          `${target.name}:${role}`,
          `${Date.now() - started} ms ${answer.status} ${toCurl(server.url, probe).slice(0, 300)}`,
        )
      const problem = judge(server, target, role, probe, answer)
      if (problem) {
        throw new Error(
          `${problem}\n  ${toCurl(server.url, probe)}\n  body: ${answer.body.slice(0, 300)}`,
        )
      }
    }),
    { numRuns: runs, seed },
  )
  if (!details.failed) return null
  const error = details.errorInstance
  const message = error instanceof Error ? error.message : String(error)
  return [
    `${target.name} as ${role} (FUZZ_SEED=${SEED} FUZZ_RUNS=${runs} FUZZ_ONLY=${target.name}:${role}; fast-check seed ${details.seed}, path ${details.counterexamplePath}):`,
    `  ${message}`,
    serverErrors(server, logFrom),
  ].join('\n')
}

type Job = { target: Target; role: Role; jar: CookieJar; runs: number }

/** Runs the jobs a few at a time; each gets its own seed derived from SEED. */
async function fuzzAll(server: FuzzServer, jobs: Job[]): Promise<string[]> {
  const chosen = jobs.filter(({ target, role }) => {
    if (!ONLY) return true
    const [name, onlyRole] = ONLY.split(':')
    return target.name === name && (!onlyRole || onlyRole === role)
  })
  const failures: string[] = []
  const logFrom = server.logs().length
  let next = 0
  const worker = async () => {
    while (next < chosen.length) {
      const index = next++
      const job = chosen[index] as Job
      const seed = (SEED + TARGETS.indexOf(job.target) * 3 + ROLES.indexOf(job.role)) % 2 ** 31
      const failure = await fuzzTarget(server, job.target, job.role, job.jar, seed, job.runs)
      if (failure) failures.push(failure)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  if (failures.length) {
    await test.info().attach('server-log.txt', { body: server.logs().slice(logFrom) })
  }
  return failures
}

// Found by the fuzzing (a 1 MB probe to a route that does not read bodies), kept as a plain
// test: such a request left its connection stalled, and the next request on it hung.
test('a large body an action never reads does not stall the connection', async ({
  fuzzServer: server,
}) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const request = (method: string, path: string, body = '') =>
    new Promise<number>((resolve, reject) => {
      const outgoing = http.request(
        `${server.url}${path}`,
        {
          method,
          agent,
          timeout: 5_000,
          headers: {
            origin: server.url,
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          response.resume()
          response.on('end', () => resolve(response.statusCode ?? 0))
        },
      )
      outgoing.on('timeout', () => outgoing.destroy(new Error(`${path}: no answer within 5 s`)))
      outgoing.on('error', reject)
      outgoing.end(body)
    })
  try {
    // A guest's megabyte posted to an admin form is refused before anything reads it (over
    // the 64 KB a guest may send, ADR 35)...
    expect(await request('POST', '/admin/settings', `tax_rate=${'9'.repeat(1_000_000)}`)).toBe(413)
    // ...and the connection goes on: the next request on it is answered.
    expect(await request('GET', '/healthz')).toBe(200)
  } finally {
    agent.destroy()
  }
})

// --- the catalog and everything else only an admin changes ---------------------------------------

type StockRow = { id: string; stock_quantity: number }

function adminOwned(server: FuzzServer, victim: Account) {
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
function stockAccount(server: FuzzServer): Record<string, number> {
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

function prices(server: FuzzServer): Record<string, number> {
  const rows = server.all<{ key: string; price_cents: number }>(
    `select 'product ' || id as key, price_cents from products
     union all select 'option ' || id, price_cents from product_variants`,
  )
  return Object.fromEntries(rows.map((row) => [row.key, row.price_cents]))
}

/** 'product <id>' and 'option <id>' keys to the product they belong to (as the run starts:
 * options may be removed during it). */
function productsOfOptions(server: FuzzServer): (key: string) => string {
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
async function makeVictim(server: FuzzServer): Promise<Account> {
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
async function placeOrder(server: FuzzServer, admin: Account, customer: Account) {
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

test('guests and customers: no 5xx, admin forms refused, and no price or stock change', async ({
  fuzzServer: server,
}) => {
  test.setTimeout(Math.max(120_000, RUNS * 4_000))
  const victim = await makeVictim(server)
  const customer = await server.newCustomer('fuzz-customer')
  // Something in the customer's cart from the start, so that checkouts place orders.
  for (const name of ['Huckleberry Jam', 'Wildflower Honey', 'Pasture-Raised Eggs']) {
    const product = server.get<{ id: string }>('select id from products where name = ?', name)
    await server.post(customer.jar, '/cart', { intent: 'add', productId: product?.id ?? '' })
  }
  const guest = new CookieJar()
  const ownedBefore = adminOwned(server, victim)
  const stockBefore = stockAccount(server)
  const auditBefore = server.get<{ n: number }>('select count(*) as n from audit_log')?.n ?? 0

  const jobs: Job[] = TARGETS.flatMap((target) => [
    { target, role: 'guest' as const, jar: guest, runs: RUNS },
    // Signing out the fuzzing customer would leave the rest of the run as a guest.
    ...(target.name === 'signout'
      ? []
      : [{ target, role: 'customer' as const, jar: customer.jar, runs: RUNS }]),
  ])
  const failures = await fuzzAll(server, jobs)
  expect.soft(failures, failures.join('\n\n')).toEqual([])

  expect(stockAccount(server), 'stock + what orders hold').toEqual(stockBefore)
  expect(adminOwned(server, victim)).toEqual(ownedBefore)
  const audited = server.all<{ action: string }>(
    'select action from audit_log order by created_at limit -1 offset ?',
    auditBefore,
  )
  expect(audited, 'audit log entries made while no admin was signed in').toEqual([])
  // The customer's own session survived everything they sent.
  const account = await fetch(`${server.url}/account/profile`, {
    headers: { cookie: customer.jar.header() },
    redirect: 'manual',
  })
  expect(account.status).toBe(200)
  const orders = server.all<{ payment_method: string; status: string }>(
    'select payment_method, status from orders',
  )
  report(
    `${orders.length} orders placed (${orders.filter((o) => o.payment_method === 'stripe').length} by card, ${orders.filter((o) => o.status === 'cancelled').length} cancelled)`,
  )
})

// --- stored markup -------------------------------------------------------------------------------

/** Runs in the page: everything on it that came from a payload, or could run script. */
function findInjected(): string[] {
  const problems: string[] = []
  const show = (element: Element) => element.outerHTML.slice(0, 160)
  for (const element of document.querySelectorAll('[data-fz]'))
    problems.push(`an element made from a payload: ${show(element)}`)
  for (const element of document.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      if (/^on/i.test(attribute.name))
        problems.push(`an inline ${attribute.name} handler: ${show(element)}`)
      if (
        /^(href|src|action|formaction|srcdoc|xlink:href)$/i.test(attribute.name) &&
        /^\s*(javascript|vbscript|data:text\/html)/i.test(attribute.value)
      )
        problems.push(`a script URL in ${attribute.name}: ${show(element)}`)
    }
  }
  for (const script of document.querySelectorAll('script')) {
    if (!script.nonce) problems.push(`a script without the page's nonce: ${show(script)}`)
    if (script.type === 'application/ld+json') {
      try {
        JSON.parse(script.textContent ?? '')
      } catch {
        problems.push(`JSON-LD that does not parse: ${show(script)}`)
      }
    }
  }
  const hits = (window as unknown as { __xssHits?: unknown[] }).__xssHits ?? []
  if (hits.length) problems.push(`payloads ran: ${hits.join(', ')}`)
  return problems
}

async function signedInPage(browser: Browser, server: FuzzServer, jar: CookieJar): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url })
  await context.addCookies(jar.all().map((cookie) => ({ ...cookie, url: server.url })))
  await context.addInitScript(() => {
    const record = window as unknown as { __xssHits: unknown[]; __xss: (n: unknown) => void }
    record.__xssHits = []
    record.__xss = (n) => record.__xssHits.push(n)
  })
  // Pictures are resized on first request: costly, and nothing in them runs.
  await context.route('**/images/**', (route) => route.abort())
  const page = await context.newPage()
  page.on('dialog', (dialog) => {
    void page.evaluate((text) => {
      ;(window as unknown as { __xssHits: unknown[] }).__xssHits.push(`dialog ${text}`)
    }, dialog.message())
    void dialog.dismiss()
  })
  return page
}

/** Opens each page in Chromium as its reader would (scripts on), and checks what is on it. */
async function checkLive(page: Page, paths: string[]): Promise<string[]> {
  const problems: string[] = []
  for (const path of paths) {
    const response = await page.goto(path, { waitUntil: 'load' })
    const status = response?.status() ?? 0
    if (status >= 500) problems.push(`${path}: answered ${status}`)
    for (const problem of await page.evaluate(findInjected)) problems.push(`${path}: ${problem}`)
  }
  return problems
}

/** A Chromium page that parses HTML it is given, runs none of it and loads nothing: quick
 * enough for every page and email, and what it finds is what a browser would build. */
async function htmlChecker(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false })
  await context.route('**/*', (route) => route.abort())
  const page = await context.newPage()
  return async (label: string, html: string): Promise<string[]> => {
    await page.setContent(html, { waitUntil: 'domcontentloaded' })
    return (await page.evaluate(findInjected)).map((problem) => `${label}: ${problem}`)
  }
}

/** Every page in `paths` as the holder of `jar` gets it (a few at a time), parsed by `check`. */
async function checkServed(
  server: FuzzServer,
  jar: CookieJar,
  paths: string[],
  check: (label: string, html: string) => Promise<string[]>,
): Promise<string[]> {
  const problems: string[] = []
  const pages: Array<{ path: string; status: number; html: string }> = []
  let next = 0
  const fetcher = async () => {
    while (next < paths.length) {
      const path = paths[next++] as string
      const response = await fetch(`${server.url}${path}`, {
        headers: { cookie: jar.header() },
        redirect: 'manual',
      })
      pages.push({ path, status: response.status, html: await response.text() })
    }
  }
  await Promise.all([fetcher(), fetcher(), fetcher()])
  for (const { path, status, html } of pages) {
    if (status >= 500) problems.push(`${path}: answered ${status}`)
    problems.push(...(await check(path, html)))
  }
  return problems
}

/** Cells of a CSV export that a spreadsheet would run as a formula. */
function formulaCells(csv: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < csv.length; i++) {
    const char = csv[i]
    if (quoted) {
      if (char === '"' && csv[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',' || char === '\n') {
      cells.push(cell.replace(/\r$/, ''))
      cell = ''
    } else cell += char
  }
  return cells.filter((text) => /^[=+@\t\r]/.test(text) || /^-(?!\d+(\.\d+)?$)/.test(text))
}

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
