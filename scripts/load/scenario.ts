// One autocannon connection is one signed-in shopper, walking the same loop again and again:
// browse (home, the shop, a category, a product), change the cart with the cart's own form
// posts (add two things, change a quantity, remove one), look at the About page, check out in
// the three posted steps and look at the confirmation. Autocannon asks for each next request
// (setupRequest) and hands back each answer (onResponse); the shopper keeps its own cookies
// and what its cart holds, so each order it places can be checked afterwards.
import type { Request as CannonRequest, Client } from 'autocannon'
import {
  addToCartFields,
  type Basket,
  type CheckoutAttempt,
  type CookieJar,
  type Customer,
  checkoutFields,
  type Fields,
  formBody,
  type Item,
  itemKey,
  parseCartLines,
  parseConfirmation,
  parseIdempotencyKey,
  parsePickupSlot,
} from '../support/shopper'

/** 'tail': after the mix, while the last answers come in (not counted in the figures) */
export type StepKind = 'page' | 'cart' | 'checkout' | 'place-order' | 'tail'

type Step = {
  name: string
  kind: StepKind
  path: string
  fields?: Fields
  /** the status a browser would get */
  expect: number
  onAnswer?: (body: string, headers: Record<string, string | string[]>) => void
  /** the shopper reads this answer's HTML, so it asks for it uncompressed (see next()) */
  readsBody?: true
}

export type Catalog = { items: Item[]; categories: string[] }

/** Shared by all shoppers of a run: what went into checkouts and what came back unexpected. */
export type Ledger = {
  attempts: CheckoutAttempt[]
  /** `step status` -> count, for answers other than a browser would get */
  unexpected: Map<string, number>
  /** requests of the mix that got no answer (timeouts, cut connections), by kind */
  unanswered: Map<StepKind, number>
  /** shoppers that stopped changing their carts after a cart or checkout post got no answer */
  retired: number
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T

const header = (headers: Record<string, string | string[]>, name: string) =>
  Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1]

export class LoadShopper {
  private step = 0
  private pending: Step | undefined
  private pendingAttempt: CheckoutAttempt | undefined
  /** the cart is not known for sure (a change failed): cleared at the top of the next loop */
  private dirty = false
  /**
   * A cart or checkout post got no answer: the shop may still act on it later, behind a clear,
   * so from then on this shopper only browses and its orders stay checkable.
   */
  private retired = false
  private readonly basket: Basket = new Map()
  private chosen: [Item, Item] | undefined
  private lineIds = new Map<string, string>()
  private idempotencyKey: string | undefined
  private orderId: string | undefined
  /** the kind of the last request answered, for latency by kind */
  lastKind: StepKind = 'page'

  constructor(
    private readonly baseUrl: string,
    private readonly customer: Customer,
    private readonly jar: CookieJar,
    private readonly catalog: Catalog,
    private readonly ledger: Ledger,
    /** performance.now() when the mix ends: from then on only a static file, for the tail */
    private readonly mixEndsAt: () => number,
  ) {}

  /** Plugs this shopper into one autocannon connection. */
  attach(client: Client): void {
    client.setRequests([
      {
        setupRequest: (request: CannonRequest) => this.next(request),
        onResponse: (status, body, _context, headers) =>
          this.answer(status, body, (headers ?? {}) as Record<string, string | string[]>),
      },
    ])
  }

  private next(request: CannonRequest): CannonRequest {
    // A step still waiting when the next one is asked for got no answer.
    if (this.pending) this.lost()
    const step = this.plan(this.step)
    this.step = (this.step + 1) % LOOP_LENGTH
    this.pending = step
    const headers: Record<string, string> = { 'X-Forwarded-For': this.customer.ip }
    // Like a browser, the shopper takes compressed answers, and the shop pays for compressing
    // them. Autocannon hands bodies over as text, so the two answers the shopper reads (the
    // cart's line ids, the review step's order key) come uncompressed.
    if (!step.readsBody) headers['Accept-Encoding'] = 'gzip, deflate, br, zstd'
    const cookie = this.jar.header()
    if (cookie) headers.Cookie = cookie
    if (step.fields) {
      headers.Origin = this.baseUrl
      headers['Content-Type'] = 'application/x-www-form-urlencoded'
    }
    return {
      ...request,
      method: step.fields ? 'POST' : 'GET',
      path: step.path,
      headers,
      body: step.fields ? formBody(step.fields) : undefined,
    }
  }

  private answer(status: number, body: string, headers: Record<string, string | string[]>) {
    const step = this.pending
    this.pending = undefined
    if (!step) return
    this.lastKind = step.kind
    this.jar.update(header(headers, 'set-cookie'))
    if (status !== step.expect) {
      const key = `${step.name} ${status}`
      this.ledger.unexpected.set(key, (this.ledger.unexpected.get(key) ?? 0) + 1)
      if (step.kind !== 'page') this.dirty = true
    }
    if (step.kind === 'place-order') this.settleAttempt(status, header(headers, 'location'))
    else if (status === step.expect) step.onAnswer?.(body, headers)
  }

  /** The request in flight got no answer (a timeout, a cut connection, the clock stopping). */
  lost(): void {
    const step = this.pending
    this.pending = undefined
    if (!step) return
    this.ledger.unanswered.set(step.kind, (this.ledger.unanswered.get(step.kind) ?? 0) + 1)
    if (step.kind !== 'page' && step.kind !== 'tail' && !this.retired) {
      this.retired = true
      this.ledger.retired++
    }
    if (step.kind === 'place-order' && this.pendingAttempt) {
      // The order may or may not have been written: the audit looks for it by its key.
      this.ledger.attempts.push(this.pendingAttempt)
      this.pendingAttempt = undefined
    }
  }

  private settleAttempt(status: number, location: string | string[] | undefined) {
    const attempt = this.pendingAttempt
    this.pendingAttempt = undefined
    if (!attempt) return
    attempt.status = status
    attempt.orderId =
      status === 302 ? parseConfirmation(typeof location === 'string' ? location : undefined) : ''
    attempt.outcome = attempt.orderId ? 'confirmed' : 'refused'
    this.ledger.attempts.push(attempt)
    if (attempt.orderId) {
      this.orderId = attempt.orderId
      this.basket.clear()
    }
  }

  private page(name: string, path: string): Step {
    return { name, kind: 'page', path, expect: 200 }
  }

  private cart(name: string, fields: Fields, onAnswer?: () => void): Step {
    return { name, kind: 'cart', path: '/cart', fields, expect: 200, onAnswer }
  }

  private add(item: Item, quantity: number): Step {
    return this.cart('cart add', addToCartFields(item, quantity), () => {
      const key = itemKey(item)
      this.basket.set(key, { item, quantity: (this.basket.get(key)?.quantity ?? 0) + quantity })
    })
  }

  /** Step `n` of the loop; while the cart is uncertain, posts give way to browsing. */
  private plan(n: number): Step {
    // After the mix the shopper asks for something cheap while answers to requests sent
    // during the mix (an order being placed) still come in: cut off, they would leave orders
    // nobody saw confirmed.
    if (performance.now() >= this.mixEndsAt()) {
      return { name: 'GET /favicon.svg', kind: 'tail', path: '/favicon.svg', expect: 200 }
    }
    const browse = this.page('GET /shop', '/shop')
    if (this.retired)
      return n === 0
        ? this.page('GET /', '/')
        : n === 9
          ? this.page('GET /about', '/about')
          : browse
    if (n === 0) {
      this.orderId = undefined
      this.idempotencyKey = undefined
      this.lineIds.clear()
      if (!this.dirty) return this.page('GET /', '/')
      return this.cart('cart clear', { intent: 'clear' }, () => {
        this.basket.clear()
        this.dirty = false
      })
    }
    if (this.dirty && n !== 1 && n !== 2 && n !== 9) return browse
    switch (n) {
      case 1:
        return browse
      case 2:
        return this.page(
          'GET /shop?category',
          `/shop?category=${encodeURIComponent(pick(this.catalog.categories))}`,
        )
      case 3: {
        const first = pick(this.catalog.items)
        const others = this.catalog.items.filter((item) => item.productId !== first.productId)
        this.chosen = [first, pick(others)]
        return this.page('GET /product/:id', `/product/${first.productId}`)
      }
      case 4:
        return this.add(this.chosen?.[0] as Item, 1 + Math.floor(Math.random() * 2))
      case 5:
        return this.add(this.chosen?.[1] as Item, 1)
      case 6:
        return {
          ...this.page('GET /cart', '/cart'),
          readsBody: true,
          onAnswer: (body) => {
            for (const line of parseCartLines(body)) this.lineIds.set(line.productId, line.lineId)
          },
        }
      case 7: {
        const item = this.chosen?.[0] as Item
        const lineId = this.lineIds.get(item.productId)
        if (!lineId) return this.markUncertain(browse)
        return this.cart(
          'cart set-quantity',
          { intent: 'set-quantity', lineId, quantity: '3' },
          () => this.basket.set(itemKey(item), { item, quantity: 3 }),
        )
      }
      case 8: {
        const item = this.chosen?.[1] as Item
        const lineId = this.lineIds.get(item.productId)
        if (!lineId) return this.markUncertain(browse)
        return this.cart('cart remove', { intent: 'remove', lineId }, () =>
          this.basket.delete(itemKey(item)),
        )
      }
      case 9:
        // Once per shopper: the checkout page, for the pickup time it offers first.
        if (this.customer.slot === undefined) {
          return {
            name: 'GET /checkout',
            kind: 'page',
            path: '/checkout',
            expect: 200,
            readsBody: true,
            onAnswer: (body) => {
              this.customer.slot = parsePickupSlot(body)
            },
          }
        }
        return this.page('GET /about', '/about')
      case 10:
        return {
          name: 'checkout to-payment',
          kind: 'checkout',
          path: '/checkout',
          fields: checkoutFields(this.customer, 'to-payment'),
          expect: 200,
        }
      case 11:
        return {
          name: 'checkout to-review',
          kind: 'checkout',
          path: '/checkout',
          fields: checkoutFields(this.customer, 'to-review'),
          expect: 200,
          readsBody: true,
          onAnswer: (body) => {
            this.idempotencyKey = parseIdempotencyKey(body)
          },
        }
      case 12: {
        const key = this.idempotencyKey
        if (!key || this.basket.size === 0) return this.markUncertain(browse)
        this.pendingAttempt = {
          customer: this.customer.email,
          idempotencyKey: key,
          items: [...this.basket.values()].map((line) => ({ ...line })),
          outcome: 'unknown',
        }
        return {
          name: 'checkout place-order',
          kind: 'place-order',
          path: '/checkout',
          fields: checkoutFields(this.customer, 'place-order', key),
          expect: 302,
        }
      }
      default:
        return this.orderId
          ? this.page('GET /order-confirmation/:id', `/order-confirmation/${this.orderId}`)
          : browse
    }
  }

  private markUncertain(instead: Step): Step {
    this.dirty = true
    return instead
  }
}

const LOOP_LENGTH = 14
