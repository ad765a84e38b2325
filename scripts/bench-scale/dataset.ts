import type { Insertable } from 'kysely'
import { addDays, farmDayOf } from '~/platform/farm-clock'
import type { DB } from '../../app/platform/db/db.server'
import type { Database, TableName } from '../../app/platform/db/schema'

// A farm that has sold for three years: thousands of products (a good share with options),
// tens of thousands of customers and orders with their items, the confirmation email of every
// order in the outbox, an audit trail, messages, newsletter subscribers and a waiting list.
// Added on top of whatever the database holds (the demo farm gives it its pages and pickup
// places). Rows go in as multi-row INSERTs, hundreds a statement, one transaction per table,
// so the full size (2,000 / 20,000 / 50,000) builds in seconds rather than minutes.
// Random but repeatable: the same seed builds the same shop (ids aside).
//
// Used by `npm run bench:scale` at full size and by app/platform/db/list-queries.db.test.ts small.

export type ScaleSize = { products: number; customers: number; orders: number }

export const FULL_SCALE: ScaleSize = { products: 2000, customers: 20000, orders: 50000 }

export type ScaleSummary = Record<
  | 'products'
  | 'variants'
  | 'customers'
  | 'orders'
  | 'orderItems'
  | 'emails'
  | 'auditEntries'
  | 'messages'
  | 'subscribers'
  | 'waiting',
  number
> & { categories: string[] }

const YEARS = 3
const DAY_MS = 24 * 60 * 60 * 1000

/** mulberry32: a small seeded generator, so two builds of one size hold the same shop. */
function generator(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T
  const chance = (p: number) => next() < p
  return { next, int, pick, chance }
}

type Random = ReturnType<typeof generator>

/** Rows of one table, as many per INSERT as stay well inside both databases' parameter limits. */
async function insertRows<T extends TableName>(
  db: DB,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return
  const columns = Object.keys(rows[0] as object).length
  // SQLite allows 32,766 parameters a statement, PostgreSQL 65,535.
  const perStatement = Math.max(1, Math.floor(30000 / columns))
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += perStatement) {
      // Kysely cannot follow a table name that is a type parameter; the rows are typed above.
      await trx
        .insertInto(table as 'audit_log')
        .values(rows.slice(i, i + perStatement) as Insertable<Database['audit_log']>[])
        .execute()
    }
  })
}

// --- products -------------------------------------------------------------------------------

type CategorySpec = {
  name: string
  unit: string
  /** cents, low and high */
  price: [number, number]
  localOnly: boolean
  adjectives: string[]
  nouns: string[]
  options: string[][]
  images: string[]
}

const image = (file: string) => `/images/demo/${file}.svg`

const CATEGORIES: CategorySpec[] = [
  {
    name: 'Beef Cuts',
    unit: 'lb',
    price: [799, 4899],
    localOnly: true,
    adjectives: ['Dry-Aged', 'Grass-Fed', 'Thick-Cut', 'Bone-In', 'Boneless', 'Butcher Select'],
    nouns: [
      'Ribeye',
      'Strip Steak',
      'Sirloin',
      'Flank Steak',
      'Skirt Steak',
      'Chuck Roast',
      'Brisket',
      'Short Ribs',
      'Tri-Tip',
      'Stew Meat',
      'Flat Iron',
      'Hanger Steak',
      'Oxtail',
      'Shank',
      'Rump Roast',
    ],
    options: [
      ['1 lb', '2 lb', '5 lb'],
      ['Single', 'Twin Pack'],
    ],
    images: ['bone-in-ribeye-steak', 'new-york-strip-steak', 'chuck-roast', 'short-ribs'],
  },
  {
    name: 'Beef Shares',
    unit: 'share',
    price: [9900, 229500],
    localOnly: true,
    adjectives: ['Spring', 'Summer', 'Autumn', 'Winter', 'Family', 'Grill Season', 'Ranch'],
    nouns: ['Beef Share', 'Beef Box', 'Beef Bundle', 'Freezer Pack', 'Steak Box', 'Roast Box'],
    options: [['Quarter', 'Half', 'Whole']],
    images: ['beef-share', 'family-beef-bundle', 'butchers-choice-beef-box'],
  },
  {
    name: 'Eggs',
    unit: 'dozen',
    price: [499, 1299],
    localOnly: true,
    adjectives: ['Pasture-Raised', 'Free-Range', 'Heritage', 'Brown', 'Blue', 'Speckled'],
    nouns: ['Chicken Eggs', 'Duck Eggs', 'Quail Eggs', 'Goose Eggs', 'Turkey Eggs'],
    options: [['Half Dozen', 'Dozen', 'Flat of 30']],
    images: ['pasture-raised-eggs', 'duck-eggs'],
  },
  {
    name: 'Vegetable Boxes',
    unit: 'box',
    price: [2500, 6500],
    localOnly: false,
    adjectives: ['Weekly', 'Spring', 'Summer', 'Harvest', 'Root Cellar', 'Salad', 'Market'],
    nouns: ['Vegetable Box', 'Greens Box', 'Roots Box', 'Herb Box', 'Soup Box', 'Juicing Box'],
    options: [['Small Box', 'Family Box']],
    images: ['weekly-vegetable-box', 'summer-salad-box', 'root-cellar-box'],
  },
  {
    name: 'Pantry',
    unit: 'jar',
    price: [599, 2499],
    localOnly: false,
    adjectives: ['Wildflower', 'Huckleberry', 'Smoked', 'Peppered', 'Sweet', 'Spiced', 'Wild'],
    nouns: ['Honey', 'Jam', 'Jerky', 'Bone Broth', 'Pickles', 'Salsa', 'Mustard', 'Syrup'],
    options: [
      ['8 oz', '16 oz'],
      ['Single', 'Three-Pack'],
    ],
    images: ['wildflower-honey', 'huckleberry-jam', 'peppered-beef-jerky', 'rich-beef-bone-broth'],
  },
  {
    name: 'Pork',
    unit: 'lb',
    price: [699, 2999],
    localOnly: true,
    adjectives: ['Heritage', 'Pastured', 'Smoked', 'Cured', 'Fresh', 'Maple'],
    nouns: ['Pork Chops', 'Bacon', 'Ham', 'Sausage', 'Pork Belly', 'Tenderloin', 'Ribs'],
    options: [['1 lb', '2 lb']],
    images: ['grass-fed-ground-beef', 'whole-packer-brisket'],
  },
  {
    name: 'Poultry',
    unit: 'lb',
    price: [599, 3999],
    localOnly: true,
    adjectives: ['Pastured', 'Whole', 'Heritage', 'Free-Range', 'Smoked'],
    nouns: ['Chicken', 'Chicken Thighs', 'Chicken Wings', 'Turkey', 'Duck', 'Chicken Breast'],
    options: [['Small', 'Medium', 'Large']],
    images: ['filet-mignon'],
  },
  {
    name: 'Lamb',
    unit: 'lb',
    price: [999, 3999],
    localOnly: true,
    adjectives: ['Grass-Fed', 'Spring', 'Pastured', 'Boneless', 'Frenched'],
    nouns: ['Lamb Chops', 'Leg of Lamb', 'Lamb Shoulder', 'Ground Lamb', 'Lamb Shanks'],
    options: [['1 lb', '3 lb']],
    images: ['short-ribs'],
  },
  {
    name: 'Dairy',
    unit: 'each',
    price: [399, 1999],
    localOnly: true,
    adjectives: ['Raw', 'Cultured', 'Aged', 'Fresh', 'Whole', 'Grass-Fed'],
    nouns: ['Milk', 'Butter', 'Cheddar', 'Yogurt', 'Kefir', 'Cream', 'Gouda', 'Ricotta'],
    options: [['Pint', 'Quart', 'Half Gallon']],
    images: ['pasture-raised-eggs'],
  },
  {
    name: 'Baked Goods',
    unit: 'each',
    price: [399, 2499],
    localOnly: false,
    adjectives: ['Sourdough', 'Whole Wheat', 'Rye', 'Honey', 'Seeded', 'Cinnamon'],
    nouns: ['Loaf', 'Rolls', 'Bagels', 'Muffins', 'Scones', 'Cookies', 'Pie', 'Granola'],
    options: [['Single', 'Half Dozen']],
    images: ['huckleberry-jam'],
  },
  {
    name: 'Flowers',
    unit: 'bunch',
    price: [1200, 4500],
    localOnly: false,
    adjectives: ['Prairie', 'Summer', 'Wild', 'Dried', 'Garden', 'Sunflower'],
    nouns: ['Bouquet', 'Wreath', 'Bunch', 'Centerpiece', 'Posy'],
    options: [['Small', 'Large']],
    images: ['gallery-market-garden'],
  },
  {
    name: 'Seasonal',
    unit: 'each',
    price: [500, 8000],
    localOnly: false,
    adjectives: ['Holiday', 'Harvest', 'Thanksgiving', 'Easter', 'Summer Solstice', 'Winter'],
    nouns: ['Gift Box', 'Hamper', 'Sampler', 'Basket', 'Feast Box', 'Stocking'],
    options: [['Standard', 'Deluxe']],
    images: ['butchers-choice-beef-box', 'root-cellar-box'],
  },
]

type ProductRef = {
  id: string
  name: string
  unit: string
  price: number
  imageUrl: string
  variants: { id: string; name: string; price: number }[]
  /** how often it sells, relative */
  weight: number
}

function makeProducts(random: Random, count: number, now: Date, taken: Set<string>) {
  const names: { spec: CategorySpec; name: string }[] = []
  for (const spec of CATEGORIES) {
    for (const adjective of spec.adjectives) {
      for (const noun of spec.nouns) names.push({ spec, name: `${adjective} ${noun}` })
    }
  }
  // Shuffled so every category is represented whatever the count; a name used twice gets a
  // lot number, as a farm with many products would tell them apart.
  for (let i = names.length - 1; i > 0; i--) {
    const j = random.int(0, i)
    ;[names[i], names[j]] = [names[j] as (typeof names)[number], names[i] as (typeof names)[number]]
  }
  const products: Insertable<Database['products']>[] = []
  const variants: Insertable<Database['product_variants']>[] = []
  const refs: ProductRef[] = []
  for (let i = 0; i < count; i++) {
    const { spec, name: base } = names[i % names.length] as (typeof names)[number]
    let name = i < names.length ? base : `${base}, Lot ${Math.floor(i / names.length) + 1}`
    if (taken.has(name)) name = `${name} (Farm Reserve)`
    taken.add(name)
    const id = crypto.randomUUID()
    const price = Math.round(random.int(spec.price[0], spec.price[1]) / 25) * 25 + 24
    const created = new Date(now.getTime() - random.int(1, YEARS * 365) * DAY_MS)
    const archived = random.chance(0.03)
    const withOptions = random.chance(0.4)
    const ref: ProductRef = {
      id,
      name,
      unit: spec.unit,
      price,
      imageUrl: image(random.pick(spec.images)),
      variants: [],
      weight: random.chance(0.1) ? random.int(20, 60) : random.int(1, 6),
    }
    let stock = 0
    if (withOptions) {
      const optionNames = random.pick(spec.options)
      for (const [n, optionName] of optionNames.entries()) {
        const variantStock = random.chance(0.08) ? 0 : random.int(1, 60)
        const variantPrice = Math.round(price * (1 + n * 0.9))
        const variantId = crypto.randomUUID()
        variants.push({
          id: variantId,
          product_id: id,
          name: optionName,
          price_cents: variantPrice,
          stock_quantity: variantStock,
          is_available: true,
          created_at: created,
        })
        ref.variants.push({ id: variantId, name: optionName, price: variantPrice })
        stock += variantStock
      }
    } else {
      // Some sold out, some low, most on the shelf.
      const roll = random.next()
      stock = roll < 0.06 ? 0 : roll < 0.15 ? random.int(1, 4) : random.int(5, 200)
    }
    products.push({
      id,
      name,
      description: `${name} from Sawtooth Meadows Farm on the Camas Prairie. ${spec.name} raised and prepared by our family, packed to order; ${spec.localOnly ? 'kept frozen or chilled, so pickup or local delivery only' : 'ships anywhere we deliver'}.`,
      category: spec.name,
      price_cents: price,
      image_url: ref.imageUrl,
      stock_quantity: stock,
      is_available: !random.chance(0.02),
      unit: spec.unit,
      next_available_date: stock === 0 ? addDays(farmDayOf(now), random.int(3, 40)) : null,
      expected_quantity: stock === 0 ? random.int(5, 50) : null,
      archived_at: archived ? new Date(created.getTime() + DAY_MS) : null,
      created_at: created,
      updated_at: created,
      local_only: spec.localOnly,
    })
    if (!archived) refs.push(ref)
  }
  return { products, variants, refs }
}

// --- people ---------------------------------------------------------------------------------

const FIRST_NAMES = [
  'Ann',
  'Ben',
  'Cara',
  'Dan',
  'Elena',
  'Felix',
  'Grace',
  'Hiro',
  'Iris',
  'Jake',
  'Kira',
  'Luis',
  'Maria',
  'Noah',
  'Olga',
  'Priya',
  'Quinn',
  'Ruth',
  'Sam',
  'Tom',
  'Uma',
  'Victor',
  'Wren',
  'Yusuf',
  'Zoe',
]
const LAST_NAMES = [
  'Lee',
  'Stone',
  'Halvorsen',
  'Lopez',
  'Whitaker',
  'Shah',
  'Nielsen',
  'Cole',
  'Okafor',
  'Ortega',
  'Baker',
  'Fischer',
  'Moreau',
  'Tanaka',
  'Novak',
  'Reyes',
  'Kowalski',
  'Murphy',
  'Jensen',
  'Abbott',
  'Price',
  'Walsh',
  'Young',
  'Zimmer',
]
const STREETS = ['Meadow Ln', 'Main St', 'Bannock St', 'Harrison Blvd', 'Camas Rd', 'River Rd']
const CITIES: [string, string][] = [
  ['Boise', '83702'],
  ['Boise', '83705'],
  ['Meridian', '83642'],
  ['Fairfield', '83327'],
  ['Twin Falls', '83301'],
  ['Hailey', '83333'],
]

type CustomerRef = { id: string; first: string; last: string; email: string; since: number }

function makeCustomers(random: Random, count: number, now: Date, run: string) {
  const rows: Insertable<Database['customers']>[] = []
  const refs: CustomerRef[] = []
  for (let i = 0; i < count; i++) {
    const first = random.pick(FIRST_NAMES)
    const last = random.pick(LAST_NAMES)
    const id = crypto.randomUUID()
    const email = `${first}.${last}.${run}${i}@example.com`.toLowerCase()
    // Joined any time in the three years.
    const since = now.getTime() - Math.floor(YEARS * 365 * DAY_MS * random.next())
    rows.push({
      id,
      name: `${first} ${last}`,
      email,
      email_verified: random.chance(0.8),
      first_name: first,
      last_name: last,
      phone: random.chance(0.6) ? `208-555-${String(random.int(0, 9999)).padStart(4, '0')}` : null,
      created_at: new Date(since),
      updated_at: new Date(since),
    })
    refs.push({ id, first, last, email, since })
  }
  return { rows, refs }
}

// --- orders ---------------------------------------------------------------------------------

const METHODS = [
  ['pickup', 0.45],
  ['delivery', 0.2],
  ['standard', 0.3],
  ['express', 0.05],
] as const
const SHIPPING: Record<string, number> = { pickup: 0, delivery: 700, standard: 599, express: 1299 }

type Place = { windowId: string | null; name: string; start: string; end: string }

function weightedPicker(random: Random, refs: ProductRef[]) {
  const cumulative: number[] = []
  let total = 0
  for (const ref of refs) {
    total += ref.weight
    cumulative.push(total)
  }
  return () => {
    const target = random.next() * total
    let low = 0
    let high = cumulative.length - 1
    while (low < high) {
      const mid = (low + high) >> 1
      if ((cumulative[mid] as number) < target) low = mid + 1
      else high = mid
    }
    return refs[low] as ProductRef
  }
}

/** What an order of this age and method has come to by now. */
function statusOf(random: Random, ageDays: number, method: string): string {
  if (random.chance(0.04)) return 'cancelled'
  if (ageDays > 7) return 'completed'
  const ready =
    method === 'pickup'
      ? 'ready_for_pickup'
      : method === 'delivery'
        ? 'out_for_delivery'
        : 'shipped'
  return random.pick([
    'pending_payment',
    'pending_payment',
    'paid',
    'processing',
    ready,
    'completed',
  ])
}

function makeOrders(
  random: Random,
  count: number,
  now: Date,
  customers: CustomerRef[],
  products: ProductRef[],
  places: { pickup: Place[]; delivery: Place[] },
  firstNumber: number,
) {
  const productFor = weightedPicker(random, products)
  // Trade grows steadily: orders come twice as often now as on average (about 90 a day at
  // 50,000 orders), each from a customer who had joined by then. A few of the earliest customers
  // order every week, most a handful of times.
  const joined = [...customers].sort((a, b) => a.since - b.since)
  const start = now.getTime() - YEARS * 365 * DAY_MS
  const placed: { at: number; customer: CustomerRef }[] = []
  for (let i = 0; i < count; i++) {
    const at = Math.max(
      start + Math.floor(YEARS * 365 * DAY_MS * Math.sqrt(random.next())),
      (joined[0] as CustomerRef).since,
    )
    let members = 0 // customers who joined by `at`: binary search in `joined`
    let high = joined.length
    while (members < high) {
      const mid = (members + high) >> 1
      if ((joined[mid] as CustomerRef).since <= at) members = mid + 1
      else high = mid
    }
    const customer = joined[
      random.chance(0.3) ? random.int(0, Math.min(members, 300) - 1) : random.int(0, members - 1)
    ] as CustomerRef
    placed.push({ at, customer })
  }
  placed.sort((a, b) => a.at - b.at)

  const orders: Insertable<Database['orders']>[] = []
  const items: Insertable<Database['order_items']>[] = []
  const emails: Insertable<Database['email_outbox']>[] = []
  const audit: Insertable<Database['audit_log']>[] = []
  for (const [n, { at, customer }] of placed.entries()) {
    const id = crypto.randomUUID()
    const number = firstNumber + n
    const createdAt = new Date(at)
    const ageDays = (now.getTime() - at) / DAY_MS
    let roll = random.next()
    let method = 'pickup'
    for (const [name, share] of METHODS) {
      if (roll < share) {
        method = name
        break
      }
      roll -= share
    }
    const status = statusOf(random, ageDays, method)
    const lines = random.int(1, 4)
    let subtotal = 0
    const seen = new Set<string>()
    for (let l = 0; l < lines; l++) {
      const product = productFor()
      const variant = product.variants.length ? random.pick(product.variants) : null
      const key = `${product.id}/${variant?.id ?? ''}`
      if (seen.has(key)) continue
      seen.add(key)
      const unitPrice = variant?.price ?? product.price
      const quantity = random.chance(0.7) ? 1 : random.int(2, 4)
      subtotal += unitPrice * quantity
      items.push({
        id: crypto.randomUUID(),
        order_id: id,
        product_id: product.id,
        product_variant_id: variant?.id ?? null,
        product_name: product.name,
        variant_name: variant?.name ?? null,
        image_url: product.imageUrl,
        unit_price_cents: unitPrice,
        quantity,
        line_total_cents: unitPrice * quantity,
        unit: product.unit,
      })
    }
    const promo = random.chance(0.05)
    const discount = promo ? Math.round(subtotal / 10) : 0
    const shipping = subtotal - discount >= 7500 ? 0 : (SHIPPING[method] ?? 0)
    const tax = Math.round((subtotal - discount) * 0.06)
    const local = method === 'pickup' || method === 'delivery'
    const place = local ? random.pick(method === 'pickup' ? places.pickup : places.delivery) : null
    const city = random.pick(CITIES)
    const card = random.chance(0.55)
    const paid =
      status === 'completed' || (card && status !== 'pending_payment' && status !== 'cancelled')
    const fulfilmentDay = local ? addDays(farmDayOf(createdAt), random.int(1, 6)) : null
    const done = status === 'completed' || status === 'cancelled'
    orders.push({
      id,
      order_number: number,
      customer_id: customer.id,
      idempotency_key: crypto.randomUUID(),
      status,
      email: customer.email,
      phone: '208-555-0100',
      subtotal_cents: subtotal,
      discount_cents: discount,
      shipping_cents: shipping,
      tax_cents: tax,
      total_cents: subtotal - discount + shipping + tax,
      tax_rate_basis_points: 600,
      promo_code: promo ? 'FARM10' : null,
      shipping_method: method,
      ship_first_name: customer.first,
      ship_last_name: customer.last,
      ship_street:
        local && method === 'pickup' ? '' : `${random.int(1, 9999)} ${random.pick(STREETS)}`,
      ship_apartment: null,
      ship_city: method === 'pickup' ? '' : city[0],
      ship_state: method === 'pickup' ? '' : 'ID',
      ship_zip_code: method === 'pickup' ? '' : city[1],
      payment_method: card ? 'stripe' : 'offline',
      payment_status: paid ? 'paid' : 'pending',
      payment_reference: card ? `cs_test_${id.slice(0, 12)}` : null,
      tracking_number:
        !local && (status === 'shipped' || status === 'completed')
          ? `9400${String(number).padStart(18, '0')}`
          : null,
      carrier: !local && (status === 'shipped' || status === 'completed') ? 'USPS' : null,
      created_at: createdAt,
      updated_at: done ? new Date(Math.min(at + 5 * DAY_MS, now.getTime())) : createdAt,
      fulfilment_window_id: place?.windowId ?? null,
      fulfilment_date: fulfilmentDay,
      fulfilment_start: place?.start ?? null,
      fulfilment_end: place?.end ?? null,
      fulfilment_place: place?.name ?? null,
      fulfilment_address: null,
      fulfilment_instructions: null,
      fulfilment_map_url: null,
      packed_at: local && status === 'completed' ? new Date(at + DAY_MS) : null,
      reminder_sent_at: local && done ? new Date(at + DAY_MS) : null,
    })
    // The confirmation email each order queues; almost all long since sent.
    const recent = ageDays < 0.01
    const emailRoll = random.next()
    const emailStatus = recent
      ? 'pending'
      : emailRoll < 0.01
        ? 'failed'
        : emailRoll < 0.015
          ? 'not_sent'
          : 'sent'
    emails.push({
      id: crypto.randomUUID(),
      to_address: customer.email,
      subject: `Your order FS-${number} is confirmed`,
      text_body: `Hello ${customer.first},\n\nThank you for your order FS-${number} from Sawtooth Meadows Farm. We have it and will let you know when it is ready.\n\n${lines} item(s), total $${((subtotal - discount + shipping + tax) / 100).toFixed(2)}.\n\nSee you soon,\nRuth and Tom`,
      html_body: null,
      status: emailStatus,
      attempts: emailStatus === 'sent' ? 1 : emailStatus === 'failed' ? 5 : 0,
      last_error: emailStatus === 'failed' ? '550 mailbox unavailable' : null,
      send_after: createdAt,
      sent_at: emailStatus === 'sent' ? new Date(at + 2000) : null,
      created_at: createdAt,
      claimed_at: null,
      template: 'order-confirmation',
      attachments: null,
    })
    if (status !== 'pending_payment' && random.chance(0.25)) {
      audit.push({
        id: crypto.randomUUID(),
        actor_id: null,
        action: 'order.status',
        entity_type: 'order',
        entity_id: id,
        details: JSON.stringify({ before: { status: 'pending_payment' }, after: { status } }),
        created_at: new Date(Math.min(at + DAY_MS, now.getTime())),
      })
    }
  }
  return { orders, items, emails, audit }
}

// --- the rest of the back-office --------------------------------------------------------------

function makeMessages(random: Random, count: number, now: Date, customers: CustomerRef[]) {
  const rows: Insertable<Database['contact_submissions']>[] = []
  for (let i = 0; i < count; i++) {
    const person = random.pick(customers)
    const age = random.next() ** 2 * YEARS * 365
    rows.push({
      id: crypto.randomUUID(),
      name: `${person.first} ${person.last}`,
      email: person.email,
      phone: null,
      subject: random.pick(['general', 'products', 'orders', 'wholesale', 'visit']),
      message:
        'Do you still have quarter shares for the autumn? We would like to pick up on a Saturday.',
      status: age < 14 ? random.pick(['unread', 'read']) : random.pick(['read', 'archived']),
      created_at: new Date(now.getTime() - age * DAY_MS),
    })
  }
  return rows
}

function makeSubscribers(random: Random, count: number, now: Date, run: string) {
  const rows: Insertable<Database['newsletter_subscribers']>[] = []
  for (let i = 0; i < count; i++) {
    const at = new Date(now.getTime() - random.next() * YEARS * 365 * DAY_MS)
    const status = random.pick(['confirmed', 'confirmed', 'confirmed', 'pending', 'unsubscribed'])
    rows.push({
      id: crypto.randomUUID(),
      email: `reader.${run}${i}@example.com`,
      status,
      token: crypto.randomUUID(),
      created_at: at,
      confirmed_at: status === 'pending' ? null : at,
      unsubscribed_at: status === 'unsubscribed' ? new Date(at.getTime() + DAY_MS) : null,
    })
  }
  return rows
}

function makeWaitingList(
  random: Random,
  count: number,
  now: Date,
  customers: CustomerRef[],
  soldOut: string[],
) {
  const rows: Insertable<Database['waiting_list']>[] = []
  if (soldOut.length === 0) return rows
  const seen = new Set<string>()
  for (let i = 0; i < count; i++) {
    const customer = random.pick(customers)
    const product = random.pick(soldOut)
    const key = `${customer.id}/${product}`
    if (seen.has(key)) continue
    seen.add(key)
    const status = random.pick([
      'waiting',
      'waiting',
      'waiting',
      'notified',
      'fulfilled',
      'cancelled',
    ])
    const at = new Date(now.getTime() - random.int(0, 120) * DAY_MS)
    rows.push({
      id: crypto.randomUUID(),
      customer_id: customer.id,
      product_id: product,
      product_variant_id: null,
      quantity: random.int(1, 3),
      notify_by_email: random.chance(0.9),
      status,
      created_at: at,
      notified_at: status === 'waiting' ? null : new Date(at.getTime() + DAY_MS),
    })
  }
  return rows
}

/** Pickup places and delivery zones with their windows, as the orders copy them. */
async function readPlaces(db: DB): Promise<{ pickup: Place[]; delivery: Place[] }> {
  const windows = await db
    .selectFrom('fulfilment_windows')
    .leftJoin('pickup_places', 'pickup_places.id', 'fulfilment_windows.place_id')
    .leftJoin('delivery_zones', 'delivery_zones.id', 'fulfilment_windows.zone_id')
    .select([
      'fulfilment_windows.id',
      'fulfilment_windows.start_time',
      'fulfilment_windows.end_time',
      'pickup_places.name as place',
      'delivery_zones.name as zone',
    ])
    .execute()
  const place = (row: (typeof windows)[number], name: string): Place => ({
    windowId: row.id,
    name,
    start: row.start_time,
    end: row.end_time,
  })
  const pickup = windows.flatMap((row) => (row.place ? [place(row, row.place)] : []))
  const delivery = windows.flatMap((row) => (row.zone ? [place(row, row.zone)] : []))
  const farm: Place = { windowId: null, name: 'the farm', start: '15:00', end: '18:00' }
  return {
    pickup: pickup.length ? pickup : [farm],
    delivery: delivery.length ? delivery : [{ ...farm, name: 'Boise local delivery' }],
  }
}

/**
 * Tops the database up to a shop of `size` (totals, counting what is there): products (about
 * 40% with options), customers, orders over three years up to `now` (with items, statuses,
 * fulfilment dates, confirmation emails and audit entries), messages, subscribers and a
 * waiting list. Returns what it added.
 */
export async function buildScaleShop(
  db: DB,
  size: ScaleSize,
  { now = new Date(), seed = 18 }: { now?: Date; seed?: number } = {},
): Promise<ScaleSummary> {
  const random = generator(seed)
  // Emails and names stay apart from rows already there (a second build, the demo farm).
  const run = `s${Date.now().toString(36)}.`
  const taken = new Set(
    (await db.selectFrom('products').select('name').execute()).map((row) => row.name),
  )
  const already = async (table: 'products' | 'customers' | 'orders') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const catalog = makeProducts(
    random,
    Math.max(0, size.products - (await already('products'))),
    now,
    taken,
  )
  await insertRows(db, 'products', catalog.products)
  await insertRows(db, 'product_variants', catalog.variants)

  const people = makeCustomers(
    random,
    Math.max(0, size.customers - (await already('customers'))),
    now,
    run,
  )
  await insertRows(db, 'customers', people.rows)

  const counter = await db
    .selectFrom('counters')
    .select('value')
    .where('name', '=', 'order_number')
    .executeTakeFirstOrThrow()
  const places = await readPlaces(db)
  if (size.orders > 0 && (people.refs.length === 0 || catalog.refs.length === 0)) {
    throw new Error('orders need new customers and products to buy from: build on a fresh shop')
  }
  const sales = makeOrders(
    random,
    Math.max(0, size.orders - (await already('orders'))),
    now,
    people.refs,
    catalog.refs,
    places,
    counter.value + 1,
  )
  await insertRows(db, 'orders', sales.orders)
  await insertRows(db, 'order_items', sales.items)
  await db
    .updateTable('counters')
    .set({ value: counter.value + sales.orders.length })
    .where('name', '=', 'order_number')
    .execute()
  await insertRows(db, 'email_outbox', sales.emails)

  const productEdits: Insertable<Database['audit_log']>[] = catalog.products
    .filter(() => random.chance(0.5))
    .map((product) => ({
      id: crypto.randomUUID(),
      actor_id: null,
      action: 'product.update',
      entity_type: 'product',
      entity_id: product.id as string,
      details: JSON.stringify({
        before: { price_cents: product.price_cents },
        after: { price_cents: (product.price_cents as number) + 100 },
      }),
      created_at: new Date(now.getTime() - random.int(0, YEARS * 365) * DAY_MS),
    }))
  const audit = [...sales.audit, ...productEdits]
  await insertRows(db, 'audit_log', audit)

  const messages = makeMessages(random, Math.ceil(size.customers / 40), now, people.refs)
  await insertRows(db, 'contact_submissions', messages)
  const subscribers = makeSubscribers(random, Math.ceil(size.customers / 5), now, run)
  await insertRows(db, 'newsletter_subscribers', subscribers)
  const soldOut = catalog.products
    .filter((product) => product.stock_quantity === 0 && product.archived_at === null)
    .map((product) => product.id as string)
  const waiting = makeWaitingList(random, Math.ceil(size.customers / 10), now, people.refs, soldOut)
  await insertRows(db, 'waiting_list', waiting)

  return {
    products: catalog.products.length,
    variants: catalog.variants.length,
    customers: people.rows.length,
    orders: sales.orders.length,
    orderItems: sales.items.length,
    emails: sales.emails.length,
    auditEntries: audit.length,
    messages: messages.length,
    subscribers: subscribers.length,
    waiting: waiting.length,
    categories: CATEGORIES.map((spec) => spec.name),
  }
}
