// A shopper that talks to the running shop over plain HTTP, the way a browser without
// JavaScript does: the same form posts (sign-up, /cart intents, the three checkout steps),
// its own cookies, an Origin header on every post (the shop refuses foreign ones), and its own
// client address in X-Forwarded-For (the server runs with TRUST_PROXY=true, so per-address
// rate limits on sign-up see one address per shopper). Used by the load script
// (scripts/load.ts, whose autocannon connections reuse the forms and parsers below) and by the
// fault test (tests/e2e/faults.spec.ts).

export const SHOPPER_PASSWORD = 'pasture-fresh-42'

export type Customer = {
  email: string
  firstName: string
  lastName: string
  /** the client address the shop sees (X-Forwarded-For) */
  ip: string
  /** the pickup time checkout offered first ("windowId:YYYY-MM-DD"; '' when the farm has none) */
  slot?: string
}

/** Customer number `n` of a run: its own email and its own address in 10.0.0.0/8. */
export function customerNumber(n: number, label: string): Customer {
  return {
    email: `${label}-${n}@shoppers.example`,
    firstName: 'Shopper',
    lastName: `No${n}`,
    // 10.0.0.1, ..., 10.0.0.254, 10.0.1.1, ...: no .0 or .255 host part, no two alike.
    ip: `10.${Math.floor(n / (254 * 256)) % 256}.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`,
  }
}

/** Something that can go in a cart: a product, or one option of a product with options. */
export type Item = { productId: string; variantId: string | null }

export const itemKey = (item: Item) => `${item.productId}/${item.variantId ?? ''}`

/** A cart as the shopper believes it to be: item key to quantity. */
export type Basket = Map<string, { item: Item; quantity: number }>

export class CookieJar {
  private readonly cookies = new Map<string, string>()

  /** Takes the Set-Cookie headers of a response (one string or several). */
  update(setCookie: string | string[] | undefined): void {
    for (const line of typeof setCookie === 'string' ? [setCookie] : (setCookie ?? [])) {
      const pair = line.split(';', 1)[0] ?? ''
      const eq = pair.indexOf('=')
      if (eq <= 0) continue
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      // Max-Age=0 (or an empty value) is how a server deletes a cookie.
      if (value === '' || /;\s*max-age=0\b/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

export type Fields = Record<string, string>

export const formBody = (fields: Fields) => new URLSearchParams(fields).toString()

export const signUpFields = (customer: Customer): Fields => ({
  firstName: customer.firstName,
  lastName: customer.lastName,
  email: customer.email,
  password: SHOPPER_PASSWORD,
  confirmPassword: SHOPPER_PASSWORD,
  terms: 'on',
})

export const addToCartFields = (item: Item, quantity: number): Fields => ({
  intent: 'add',
  productId: item.productId,
  variantId: item.variantId ?? '',
  quantity: String(quantity),
})

export type CheckoutIntent = 'to-payment' | 'to-review' | 'place-order'

/** The pickup time the checkout page comes with (the earliest with room), '' if none. */
export function parsePickupSlot(html: string): string {
  for (const [tag] of html.matchAll(/<input[^>]*>/g)) {
    if (tag.includes('name="slot"') && / checked(="")?[ />]/.test(tag)) {
      return /value="([^"]+)"/.exec(tag)?.[1] ?? ''
    }
  }
  return ''
}

/**
 * A checkout step's post: pickup at the time checkout offered first, pay at pickup
 * ("offline"), the fields step 1 asks for (tests/e2e/support/checkout.ts fills the same ones in
 * the browser).
 */
export function checkoutFields(
  customer: Customer,
  intent: CheckoutIntent,
  idempotencyKey?: string,
): Fields {
  const fields: Fields = {
    intent,
    email: customer.email,
    phone: '208-555-0142',
    firstName: customer.firstName,
    lastName: customer.lastName,
    street: '12 Meadow Lane',
    apartment: '',
    city: 'Boise',
    state: 'ID',
    zipCode: '83702',
    shippingMethod: 'pickup',
    slot: customer.slot ?? '',
    paymentMethod: 'offline',
  }
  if (intent === 'place-order') {
    fields.idempotencyKey = idempotencyKey ?? ''
    fields.acceptTerms = 'on'
  }
  return fields
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

/** The review step's hidden idempotency key, which Place Order must send back. */
export function parseIdempotencyKey(html: string): string | undefined {
  return new RegExp(`name="idempotencyKey" value="(${UUID})"`).exec(html)?.[1]
}

/** The cart page's lines: each line links to its product, then carries its lineId. */
export function parseCartLines(html: string): { productId: string; lineId: string }[] {
  const pattern = new RegExp(
    `href="/product/(${UUID})[^"]*"[\\s\\S]*?name="lineId" value="(${UUID})"`,
    'g',
  )
  const lines = new Map<string, string>()
  for (const match of html.matchAll(pattern)) {
    const [, productId, lineId] = match
    if (productId && lineId && !lines.has(lineId)) lines.set(lineId, productId)
  }
  return [...lines].map(([lineId, productId]) => ({ lineId, productId }))
}

/** The order id in Place Order's redirect to /order-confirmation/:id. */
export function parseConfirmation(location: string | undefined | null): string | undefined {
  return new RegExp(`^/order-confirmation/(${UUID})$`).exec(location ?? '')?.[1]
}

/** One Place Order as the shopper saw it. */
export type CheckoutAttempt = {
  customer: string
  idempotencyKey: string
  /** what the shopper's cart held when it pressed Place Order */
  items: { item: Item; quantity: number }[]
  /**
   * confirmed: redirected to the order's confirmation; refused: any other answer; unknown: no
   * answer (the connection failed or the clock stopped), so the order may or may not exist.
   */
  outcome: 'confirmed' | 'refused' | 'unknown'
  orderId?: string
  status?: number
}

export class ShopperError extends Error {}

/** A shopper driven with fetch, one request at a time. */
export class Shopper {
  readonly jar = new CookieJar()
  readonly basket: Basket = new Map()

  constructor(
    readonly baseUrl: string,
    readonly customer: Customer,
  ) {}

  headers(post: boolean): Record<string, string> {
    const headers: Record<string, string> = { 'X-Forwarded-For': this.customer.ip }
    const cookie = this.jar.header()
    if (cookie) headers.Cookie = cookie
    if (post) {
      headers.Origin = this.baseUrl
      headers['Content-Type'] = 'application/x-www-form-urlencoded'
    }
    return headers
  }

  /** One request, redirects not followed; throws only when no answer came. */
  async request(
    path: string,
    fields?: Fields,
  ): Promise<{ status: number; location: string | null; body: string }> {
    const response = await fetch(this.baseUrl + path, {
      method: fields ? 'POST' : 'GET',
      headers: this.headers(Boolean(fields)),
      body: fields ? formBody(fields) : undefined,
      redirect: 'manual',
    })
    this.jar.update(response.headers.getSetCookie())
    return {
      status: response.status,
      location: response.headers.get('location'),
      body: await response.text(),
    }
  }

  private async expect(path: string, fields: Fields | undefined, status: number) {
    const answer = await this.request(path, fields)
    if (answer.status !== status) {
      throw new ShopperError(`${fields?.intent ?? 'GET'} ${path}: ${answer.status}, not ${status}`)
    }
    return answer
  }

  /** Opens the account (the shop answers with a session cookie and a redirect to /account). */
  async signUp(): Promise<void> {
    const answer = await this.expect('/signup', signUpFields(this.customer), 302)
    if (answer.location !== '/account') throw new ShopperError(`sign-up went to ${answer.location}`)
  }

  async add(item: Item, quantity = 1): Promise<void> {
    await this.expect('/cart', addToCartFields(item, quantity), 200)
    const key = itemKey(item)
    const line = this.basket.get(key)
    this.basket.set(key, { item, quantity: (line?.quantity ?? 0) + quantity })
  }

  async clearCart(): Promise<void> {
    await this.expect('/cart', { intent: 'clear' }, 200)
    this.basket.clear()
  }

  /**
   * The three checkout steps. A Place Order that got no answer comes back as 'unknown' (with
   * its key, so the order can be looked for) rather than as an error.
   */
  /** Reads the checkout page once for the pickup time it offers first. */
  async choosePickupTime(): Promise<void> {
    if (this.customer.slot !== undefined) return
    this.customer.slot = parsePickupSlot((await this.expect('/checkout', undefined, 200)).body)
  }

  async checkout(): Promise<CheckoutAttempt> {
    await this.choosePickupTime()
    await this.expect('/checkout', checkoutFields(this.customer, 'to-payment'), 200)
    const review = await this.expect('/checkout', checkoutFields(this.customer, 'to-review'), 200)
    const idempotencyKey = parseIdempotencyKey(review.body)
    if (!idempotencyKey) throw new ShopperError('the review step has no idempotency key')
    const attempt: CheckoutAttempt = {
      customer: this.customer.email,
      idempotencyKey,
      items: [...this.basket.values()].map((line) => ({ ...line })),
      outcome: 'unknown',
    }
    let answer: Awaited<ReturnType<Shopper['request']>>
    try {
      answer = await this.request(
        '/checkout',
        checkoutFields(this.customer, 'place-order', idempotencyKey),
      )
    } catch {
      return attempt
    }
    attempt.status = answer.status
    attempt.orderId = answer.status === 302 ? parseConfirmation(answer.location) : undefined
    attempt.outcome = attempt.orderId ? 'confirmed' : 'refused'
    if (attempt.orderId) this.basket.clear()
    return attempt
  }
}

/** Runs `work` over `inputs` with at most `concurrency` at a time. */
export async function inParallel<T, R>(
  inputs: readonly T[],
  concurrency: number,
  work: (input: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(inputs.length)
  let next = 0
  const runner = async () => {
    while (next < inputs.length) {
      const index = next++
      results[index] = await work(inputs[index] as T, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, inputs.length) }, runner))
  return results
}
