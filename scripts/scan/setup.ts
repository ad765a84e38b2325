import { execFileSync } from 'node:child_process'
import http from 'node:http'
import Database from 'better-sqlite3'
import { MISSING_ID, type Role } from './targets'

// What the scan needs in the shop before it starts: a customer, a second customer, an admin
// (made with the admin CLI, as a farm would), each signed in over HTTP; and the rows the forms
// act on (a cart line, an address, an order, a waiting-list entry, a message, newsletter and
// password-reset tokens). Everything goes through the shop's own pages except reading back
// ids and tokens, which come from the database file.

const PASSWORD = 'scan-password-0'

export type Stack = {
  /** https front: what the scanners use, and the shop's BASE_URL */
  publicUrl: string
  /** The shop's own http port, for the setup's requests */
  appUrl: string
  databaseFile: string
}

export type ScanContext = {
  ids: Record<string, string>
  /** Cookie header per role (the guest's holds the guest's cart) */
  cookies: Record<Role, string>
}

/**
 * The scan's own database must not answer 429: a rate limit hides the parameter behind it from
 * the scanner (the limits are tested elsewhere). A trigger empties each counter as it is
 * written, on this throwaway database only.
 */
export function switchOffRateLimits(databaseFile: string): void {
  const db = new Database(databaseFile)
  try {
    db.pragma('busy_timeout = 5000')
    db.exec(`
      CREATE TRIGGER IF NOT EXISTS scan_no_rate_limits AFTER INSERT ON rate_limits
      BEGIN DELETE FROM rate_limits WHERE key = NEW.key; END;
      DELETE FROM rate_limits;
    `)
  } finally {
    db.close()
  }
}

/** A tiny browser: keeps cookies, never follows redirects, sends the shop's own Origin. */
class Browser {
  private jar = new Map<string, string>()
  constructor(private stack: Stack) {}

  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  async post(path: string, fields: Record<string, string>): Promise<Answer> {
    return this.send('POST', path, new URLSearchParams(fields))
  }

  async get(path: string): Promise<Answer> {
    return this.send('GET', path)
  }

  private async send(method: string, path: string, body?: URLSearchParams): Promise<Answer> {
    const payload = body?.toString()
    const answer = await request(this.stack.appUrl + path, {
      method,
      headers: {
        Origin: this.stack.publicUrl,
        // As the TLS front would say it (TRUST_PROXY=true): https, to the public host.
        'X-Forwarded-Proto': 'https',
        'X-Forwarded-Host': new URL(this.stack.publicUrl).host,
        ...(payload !== undefined && { 'Content-Type': 'application/x-www-form-urlencoded' }),
        ...(this.jar.size ? { Cookie: this.cookie } : {}),
      },
      body: payload,
    })
    for (const header of answer.setCookies) {
      const [pair = ''] = header.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(header) || value === '') this.jar.delete(name)
      else this.jar.set(name, value)
    }
    if (answer.status >= 500) throw new Error(`setup: ${method} ${path} answered ${answer.status}`)
    return answer
  }
}

export type Answer = { status: number; location: string; setCookies: string[]; text: string }

/**
 * One HTTP request on its own connection. (fetch keeps connections alive, and one left idle
 * while the admin CLI runs can be closed by the server just as it is reused.)
 */
export function request(
  url: string,
  options: { method: string; headers: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      { method: options.method, headers: options.headers, agent: false },
      (incoming) => {
        let text = ''
        incoming.setEncoding('utf8')
        incoming.on('data', (chunk: string) => {
          text += chunk
        })
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            location: String(incoming.headers.location ?? ''),
            setCookies: incoming.headers['set-cookie'] ?? [],
            text,
          }),
        )
        incoming.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(options.body)
  })
}

function expectStatus(response: Answer, statuses: number[], what: string): void {
  if (!statuses.includes(response.status)) {
    throw new Error(`setup: ${what} answered ${response.status}`)
  }
}

async function signUp(stack: Stack, email: string, firstName: string): Promise<Browser> {
  const browser = new Browser(stack)
  const response = await browser.post('/signup', {
    firstName,
    lastName: 'Scan',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    terms: 'on',
  })
  expectStatus(response, [302], `signing up ${email}`)
  return browser
}

async function signIn(stack: Stack, email: string): Promise<Browser> {
  const browser = new Browser(stack)
  const response = await browser.post('/signin', { email, password: PASSWORD })
  expectStatus(response, [302], `signing in ${email}`)
  return browser
}

const SHIPPING = {
  email: 'scan.customer@example.com',
  phone: '(208) 555-0100',
  firstName: 'Casey',
  lastName: 'Scan',
  street: '12 Pasture Lane',
  city: 'Boise',
  state: 'ID',
  zipCode: '83702',
  shippingMethod: 'standard',
  paymentMethod: 'offline',
}

export async function prepareShop(stack: Stack): Promise<ScanContext> {
  const customerEmail = 'scan.customer@example.com'
  const bystanderEmail = 'scan.bystander@example.com'
  const adminEmail = 'scan.admin@example.com'

  const customer = await signUp(stack, customerEmail, 'Casey')
  await signUp(stack, bystanderEmail, 'Bea')
  // The first admin comes from the shell (README), on the shop's own database.
  execFileSync(
    'npm',
    [
      'run',
      '--silent',
      'admin',
      '--',
      'create',
      '--email',
      adminEmail,
      '--password',
      PASSWORD,
      '--first',
      'Ada',
      '--last',
      'Scan',
    ],
    {
      env: { ...process.env, DATABASE_URL: `file:${stack.databaseFile}`, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const admin = await signIn(stack, adminEmail)

  const db = new Database(stack.databaseFile, { readonly: true })
  db.pragma('busy_timeout = 5000')
  const one = <T>(sql: string, ...params: unknown[]): T => {
    const row = db.prepare(sql).get(...params) as T | undefined
    if (row === undefined) throw new Error(`setup: nothing found for ${sql}`)
    return row
  }
  const productId = (name: string) =>
    one<{ id: string }>('select id from products where name = ?', name).id
  try {
    const eggs = productId('Pasture-Raised Eggs')
    const dozen = one<{ id: string }>(
      'select id from product_variants where product_id = ? and name = ?',
      eggs,
      'Dozen',
    ).id
    const soldOut = productId('Filet Mignon')

    // An order, placed through the checkout with a known idempotency key.
    const idempotencyKey = crypto.randomUUID()
    expectStatus(
      await customer.post('/cart', { intent: 'add', productId: productId('Wildflower Honey') }),
      [200],
      'adding to the cart',
    )
    const placed = await customer.post('/checkout', {
      intent: 'place-order',
      ...SHIPPING,
      idempotencyKey,
      acceptTerms: 'on',
    })
    expectStatus(placed, [302], 'placing an order')
    const orderId = /\/order-confirmation\/([^/?]+)/.exec(placed.location)?.[1]
    if (!orderId) throw new Error('setup: the order was not placed')

    // The customer's cart, address, waiting-list entry and newsletter sign-ups.
    expectStatus(
      await customer.post('/cart', { intent: 'add', productId: eggs, variantId: dozen }),
      [200],
      'adding eggs to the cart',
    )
    expectStatus(
      await customer.post('/account/addresses', {
        intent: 'save',
        firstName: 'Casey',
        lastName: 'Scan',
        street: '12 Pasture Lane',
        city: 'Boise',
        state: 'ID',
        zipCode: '83702',
      }),
      [200],
      'saving an address',
    )
    expectStatus(
      await customer.post(`/product/${soldOut}`, { intent: 'join-waiting-list', quantity: '1' }),
      [200],
      'joining the waiting list',
    )

    // A guest's cart, a contact message, newsletter sign-ups and a password reset request.
    const guest = new Browser(stack)
    expectStatus(
      await guest.post('/cart', { intent: 'add', productId: eggs, variantId: dozen }),
      [200],
      "adding to a guest's cart",
    )
    expectStatus(
      await guest.post('/contact', {
        intent: 'contact',
        name: 'Casey Scan',
        email: 'scan.contact@example.com',
        subject: 'general',
        message: 'A message for the inbox.',
      }),
      [200],
      'sending a contact message',
    )
    for (const email of ['scan.confirm@example.com', 'scan.unsubscribe@example.com']) {
      expectStatus(
        await guest.post('/contact', { intent: 'newsletter', email }),
        [200],
        'signing up for the newsletter',
      )
    }
    expectStatus(
      await guest.post('/signin', { intent: 'forgot-password', email: bystanderEmail }),
      [200],
      'asking for a password reset',
    )

    const token = (email: string) =>
      one<{ token: string }>('select token from newsletter_subscribers where email = ?', email)
        .token
    const resetMail = one<{ text_body: string }>(
      'select text_body from email_outbox where to_address = ? and template = ?',
      bystanderEmail,
      'password-reset',
    )
    const resetToken = /reset-password\?token=([\w-]+)/.exec(resetMail.text_body)?.[1]
    if (!resetToken) throw new Error('setup: no reset link in the password reset email')

    const home = (await guest.get('/')).text
    const imageFile = /\/images\/([\w.-]+\.webp)/.exec(home)?.[1]
    if (!imageFile) throw new Error('setup: no picture on the home page')

    const customerRow = (email: string) =>
      one<{ id: string }>('select id from customers where email = ?', email).id
    const lineOf = (customerId: string | null) =>
      one<{ id: string }>(
        `select cart_lines.id from cart_lines join carts on carts.id = cart_lines.cart_id
         where ${customerId ? 'carts.customer_id = ?' : 'carts.customer_id is null'}`,
        ...(customerId ? [customerId] : []),
      ).id
    const customerId = customerRow(customerEmail)

    const ids: Record<string, string> = {
      missingId: MISSING_ID,
      customerEmail,
      bystanderEmail,
      productId: eggs,
      variantId: dozen,
      variantProductId: eggs,
      soldOutProductId: soldOut,
      editProductId: productId('Huckleberry Jam'),
      archiveProductId: productId('Short Ribs'),
      imageFile,
      guestLineId: lineOf(null),
      customerLineId: lineOf(customerId),
      orderId,
      idempotencyKey,
      addressId: one<{ id: string }>('select id from addresses where customer_id = ?', customerId)
        .id,
      confirmToken: token('scan.confirm@example.com'),
      unsubscribeToken: token('scan.unsubscribe@example.com'),
      resetToken,
      customerId: customerRow(bystanderEmail),
      adminId: customerRow(adminEmail),
      messageId: one<{ id: string }>('select id from contact_submissions').id,
      emailId: one<{ id: string }>('select id from email_outbox').id,
      teamMemberId: one<{ id: string }>('select id from team_members order by name').id,
      galleryImageId: one<{ id: string }>('select id from farm_images order by display_order').id,
      promoCodeId: one<{ id: string }>("select id from promo_codes where code = 'FARM10'").id,
    }
    return {
      ids,
      cookies: { guest: guest.cookie, customer: customer.cookie, admin: admin.cookie },
    }
  } finally {
    db.close()
  }
}

/** A target's path or value with its {placeholders} filled in. */
export function fill(text: string, ids: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = ids[name]
    if (value === undefined) throw new Error(`scan target uses unknown {${name}}`)
    return value
  })
}
