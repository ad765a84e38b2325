import fc from 'fast-check'
import { type FormValue, hostileString, plausibleFile, storedText, wellFormed } from './fuzz-inputs'

// THE TABLE: every route with an action, the forms it takes (intents and fields), who may post
// them, and what a plausible value of each field looks like. The fuzz tests start from a
// plausible form and mutate a few fields at a time (hostile values, fields left out or sent
// twice, fields the form does not have), so they reach past the first check of every action.
// fuzz-routes.spec.ts fails when app/routes.ts has an action that is missing here: add new forms here.

/** Ids the server has now (read from its database before each batch), so a probe can name a
 * real product, cart line, address, order... including other people's. */
export type Pools = Record<
  | 'products'
  | 'variants'
  | 'soldOut'
  | 'lines'
  | 'addresses'
  | 'waiting'
  | 'orders'
  | 'customers'
  | 'messages'
  | 'team'
  | 'gallery'
  | 'promos'
  | 'emails'
  | 'newsletterTokens'
  | 'categories'
  | 'animals'
  | 'shares'
  | 'shareTokens',
  string[]
>

export type Field = {
  /** which hostile values suit it best when mutated */
  kind: 'text' | 'number' | 'file'
  /** a value the form could really send (free text includes markup: it is valid text) */
  plausible: (pools: Pools) => fc.Arbitrary<FormValue | FormValue[]>
}

export type Form = Record<string, Field>

/**
 * Who may post: 'anyone'; 'user' (requireUser: a guest is sent to /signin); 'guest-only'
 * (requireGuest: signed-in people are sent home); 'admin' (requireAdmin: 403 for the rest);
 * 'api' for the JSON endpoints, which have their own bodies.
 */
export type Access = 'anyone' | 'user' | 'guest-only' | 'admin' | 'api'

export type Target = {
  name: string
  /** the route module as app/routes.ts names it */
  module: string
  access: Access
  path: (pools: Pools) => fc.Arbitrary<string>
  /** a form with file inputs: most of its probes are sent as multipart/form-data */
  multipart?: boolean
  forms: Form[]
  /** stores text that pages or emails show later (the stored-markup check fuzzes these) */
  stores?: boolean
}

// --- fields --------------------------------------------------------------------------------------

// A plausible value is one the form's own rules accept (now and then one that only just fails):
// the mutations in fuzz-probes.ts bring the hostile ones, a few fields at a time, so most
// probes get past validation and reach the code behind it.

const field = (kind: Field['kind'], plausible: Field['plausible']): Field => ({ kind, plausible })
const constant = (...values: string[]) => field('text', () => fc.constantFrom(...values))
/** Mostly a valid value, now and then one the form's rules refuse. */
const choice = (valid: string[], odd: string[]) =>
  field('text', () =>
    fc.oneof(
      { weight: 19, arbitrary: fc.constantFrom(...valid) },
      { weight: 1, arbitrary: fc.constantFrom(...odd) },
    ),
  )
/** the intent (or other fixed value) a form sends */
const fixed = (value: string) => constant(value)
/** free text: words, Unicode and markup, all valid text that must be shown as text */
const text = field('text', () => storedText)
const optionalText = field('text', () =>
  fc.oneof({ weight: 3, arbitrary: storedText }, { weight: 1, arbitrary: fc.constant('') }),
)
const email = field('text', () =>
  fc.oneof(
    { weight: 16, arbitrary: fc.uuid().map((id) => `ann.${id.slice(0, 8)}@example.com`) },
    { weight: 3, arbitrary: fc.constantFrom('ANN+tag@Example.COM', 'a@b.co') },
    { weight: 1, arbitrary: fc.constantFrom('not-an-email', 'a@b', '"<svg onload=x>"@x.co') },
  ),
)
const phone = choice(['208-555-0142', '(208) 555 0142', '+1 208 555 0142', ''], ['555', 'call me'])
const zip = choice(['83702', '83702-1234'], ['8370', 'ABCDE', ''])
const state = choice(['ID'], ['WA', 'XX', 'id'])
const checkbox = field('text', () => fc.constantFrom('on', 'on', 'true', 'false', ''))
const password = choice(['pasture-fresh-42'], ['short', 'another-long-password', 'x'.repeat(129)])
const int = (min: number, max: number) =>
  field('number', () => fc.integer({ min, max }).map(String))
const dollars = (max: number) =>
  field('number', () =>
    fc.oneof(
      {
        weight: 8,
        arbitrary: fc.integer({ min: 0, max: max * 100 }).map((c) => (c / 100).toFixed(2)),
      },
      {
        weight: 2,
        arbitrary: fc
          .constantFrom('12', '12.5', '$1,234.50', '0')
          .filter((v) => Number(v.replace(/[$,]/g, '')) <= max),
      },
      { weight: 1, arbitrary: fc.constant(`${max}.01`) },
    ),
  )
const money = dollars(500)
const date = field('text', () =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    },
    { weight: 3, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: fc.constantFrom('2026-02-30', '2026-13-01', 'tomorrow') },
  ),
)
const url = field('text', () =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom('', 'https://facebook.com/farm') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'https://x.example/"><svg onload=__xss(31) data-fz>',
        'https://x.example/?q=<script data-fz>__xss(35)</script>',
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'javascript:__xss(30)',
        'data:text/html,<script>__xss(32)</script>',
        'http://plain.example',
      ),
    },
  ),
)
/** where a plain form returns: the shop's own pages, and open-redirect attempts */
const redirect = field('text', () =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('/cart', '/shop', '/account', '') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '//evil.example',
        'https://evil.example/',
        '/\\evil.example',
        '\\\\evil.example',
        'javascript:__xss(33)',
        '/%2F%2Fevil.example',
        '/\t/evil.example',
      ),
    },
  ),
)
const file = field('file', () => plausibleFile)
const none = field('text', () => fc.constant([]))

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

/** One of the server's ids of this kind (a random one when it has none), or a made-up id. */
const pick = (pool: keyof Pools) => (pools: Pools) =>
  fc.oneof(
    {
      weight: 18,
      arbitrary: fc.nat().map((i) => {
        const ids = pools[pool]
        return ids.length ? (ids[i % ids.length] as string) : UNKNOWN_ID
      }),
    },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constantFrom('', '0', 'x'.repeat(101), "' OR 1=1 --", '../x') },
  )
const id = (pool: keyof Pools) => field('text', pick(pool))
const optionalId = (pool: keyof Pools) =>
  field('text', (pools) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: pick(pool)(pools) },
    ),
  )

/** A path with a hostile or real id in it, encoded as a browser would. */
const pathWith = (pool: keyof Pools, make: (id: string) => string, extra: string[] = []) => {
  return (pools: Pools) =>
    fc
      .oneof(
        { weight: 8, arbitrary: pick(pool)(pools) },
        { weight: 1, arbitrary: fc.constantFrom(...extra, 'new', '%', '%E0%A4%A', '..%2F..') },
        { weight: 1, arbitrary: hostileString.map((s) => encodeURIComponent(wellFormed(s))) },
      )
      .map((value) => make(value.includes('%') ? value : encodeURIComponent(value)))
}
const at = (path: string) => () => fc.constant(path)

// --- the forms ----------------------------------------------------------------------------------

const addToCart: Form = {
  intent: fixed('add'),
  productId: id('products'),
  variantId: optionalId('variants'),
  quantity: int(1, 5),
  redirect,
}
const cartForms: Form[] = [
  // three times: the form that fills the carts the checkout then orders
  addToCart,
  addToCart,
  addToCart,
  { intent: fixed('set-quantity'), lineId: id('lines'), quantity: int(1, 5), redirect },
  { intent: fixed('increment'), lineId: id('lines'), redirect },
  { intent: fixed('decrement'), lineId: id('lines'), redirect },
  { intent: fixed('remove'), lineId: id('lines'), redirect },
  { intent: fixed('clear'), redirect },
  { intent: fixed('apply-promo'), code: choice(['FARM10', 'farm10'], ['NOPE', '']), redirect },
  { intent: fixed('remove-promo'), redirect },
  // Subscribing (ADR 32): Add to Cart as a subscription's first box, and a line's How often.
  {
    ...addToCart,
    purchase: choice(['subscribe', 'one-time'], ['forever']),
    frequency: choice(['weekly', 'biweekly', 'monthly'], ['daily', '']),
  },
  {
    intent: fixed('set-frequency'),
    lineId: id('lines'),
    frequency: choice(['one-time', 'weekly', 'biweekly', 'monthly'], ['yearly']),
    redirect,
  },
]

const draft: Form = {
  email,
  phone: choice(['208-555-0142', '(208) 555 0142', '+1 208 555 0142'], ['', '555']),
  firstName: text,
  lastName: text,
  street: text,
  apartment: optionalText,
  city: text,
  state,
  zipCode: zip,
  shippingMethod: choice(['pickup', 'delivery', 'standard', 'express'], ['drone']),
  // a pickup window or delivery day: "windowId:YYYY-MM-DD" (an unknown one is refused)
  slot: choice(['', `${crypto.randomUUID()}:2026-12-03`], ['x:y', 'nonsense']),
  saveAddress: checkbox,
  paymentMethod: choice(['offline', 'offline', 'stripe'], ['bitcoin']),
}

const checkoutForms: Form[] = [
  ...['to-payment', 'back-to-shipping', 'to-review', 'back-to-payment'].map((intent) => ({
    intent: fixed(intent),
    ...draft,
  })),
  // twice: the step that changes stock
  ...Array.from({ length: 2 }, () => ({
    intent: fixed('place-order'),
    ...draft,
    idempotencyKey: field('text', () => fc.uuid()),
    acceptTerms: choice(['on'], ['']),
  })),
]

const address: Form = {
  firstName: text,
  lastName: text,
  street: text,
  apartment: optionalText,
  city: text,
  state,
  zipCode: zip,
  phone,
  isDefault: checkbox,
}

/** Conform's "Add Another Option" as the browser posts it without JavaScript (ADR 27). */
const ADD_OPTION_ROW = JSON.stringify({ type: 'insert', payload: { name: 'variants' } })

const productFields: Form = {
  name: text,
  description: optionalText,
  category: field('text', (pools) => fc.constantFrom(...pools.categories, '')),
  newCategory: choice(['', '', 'Preserves', 'New <b data-fz>x</b>'], ['x'.repeat(61)]),
  price: money,
  unit: choice(['lb', 'dozen', 'jar', 'box <b data-fz>bold</b>'], ['']),
  isAvailable: checkbox,
  nextAvailableDate: date,
  expectedQuantity: int(0, 100),
  stock: int(0, 100),
  stockWas: int(0, 100),
  uploadedImage: choice([''], ['/images/nothing.webp', 'javascript:__xss(34)']),
  image: file,
  'variants[0].id': optionalId('variants'),
  'variants[0].name': text,
  'variants[0].price': money,
  'variants[0].stock': int(0, 100),
  'variants[0].available': checkbox,
  // subscriptions (issue 21)
  subscribeWeekly: checkbox,
  subscribeBiweekly: checkbox,
  subscribeMonthly: checkbox,
  subscriberDiscount: int(0, 50),
  'variants[0].subscribable': checkbox,
}

const days = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']
const farmInfo: Form = {
  name: text,
  description: text,
  story: text,
  mission: text,
  contact_email: email,
  contact_phone: phone,
  address: text,
  facebook_url: url,
  instagram_url: url,
  ...Object.fromEntries(
    days.flatMap((day) => [
      // Opening hours are rows (Conform list names); a day with no row is closed.
      [`hours.${day}[0].opens`, choice(['09:00', '08:30'], ['9am', '24:00', ''])],
      [`hours.${day}[0].closes`, choice(['17:00', '23:59'], ['08:00', ''])],
    ]),
  ),
  show_values_section: checkbox,
  show_practices_section: checkbox,
  show_team_section: checkbox,
  show_visit_section: checkbox,
  values_title: text,
  practices_title: text,
  team_title: text,
  visit_title: text,
  visit_description: text,
  logo_image_url: file,
  remove_hero_image_url: checkbox,
}

const teamMember: Form = { name: text, title: text, bio: optionalText, is_active: checkbox }
const direction = choice(['up', 'down'], ['sideways'])
const statuses = [
  'pending_payment',
  'paid',
  'processing',
  'ready_for_pickup',
  'out_for_delivery',
  'shipped',
  'completed',
  'cancelled',
]

export const TARGETS: Target[] = [
  // storefront
  {
    name: 'cart',
    module: 'routes/shop/cart.tsx',
    access: 'anyone',
    path: at('/cart'),
    forms: cartForms,
  },
  {
    name: 'product',
    module: 'routes/shop/product.tsx',
    access: 'anyone',
    path: (pools) =>
      fc
        .oneof(pathWith('soldOut', (x) => x)(pools), pathWith('products', (x) => x)(pools))
        .map((x) => `/product/${x}`),
    forms: [
      {
        intent: fixed('join-waiting-list'),
        variantId: optionalId('variants'),
        quantity: int(1, 9999),
        notifyByEmail: checkbox,
      },
    ],
    stores: true,
  },
  {
    name: 'contact',
    module: 'routes/shop/contact.tsx',
    access: 'anyone',
    path: at('/contact'),
    forms: [
      {
        intent: fixed('contact'),
        name: text,
        email,
        phone,
        subject: choice(['general', 'products', 'orders', 'wholesale', 'visit'], ['spam']),
        message: text,
      },
      { intent: fixed('newsletter'), email },
    ],
    stores: true,
  },
  {
    name: 'newsletter-unsubscribe',
    module: 'routes/shop/newsletter-unsubscribe.tsx',
    access: 'anyone',
    path: (pools) =>
      fc
        .oneof(fc.constant(''), pick('newsletterTokens')(pools), hostileString)
        .map((token) => `/newsletter/unsubscribe?token=${encodeURIComponent(wellFormed(token))}`),
    forms: [{ token: id('newsletterTokens'), 'List-Unsubscribe': fixed('One-Click') }],
  },
  {
    // A hold's "pass it on" link (ADR 29): the token in the path is the only input.
    name: 'waiting-list-decline',
    module: 'routes/shop/waiting-list-decline.tsx',
    access: 'anyone',
    path: () =>
      fc
        .oneof(
          fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          hostileString.map((s) => encodeURIComponent(wellFormed(s))),
        )
        .map((token) => `/waiting-list/decline/${token}`),
    forms: [{ intent: constant('decline') }],
  },
  {
    name: 'share-balance',
    module: 'routes/shop/share-balance.tsx',
    access: 'anyone',
    path: pathWith('shareTokens', (x) => `/shares/balance/${x}`),
    forms: [{ intent: choice(['card', 'pickup'], ['cash', '']) }],
  },
  {
    name: 'checkout',
    module: 'routes/checkout/checkout.tsx',
    access: 'user',
    path: at('/checkout'),
    forms: checkoutForms,
    stores: true,
  },
  // accounts
  {
    name: 'signin',
    module: 'routes/auth/signin.tsx',
    access: 'guest-only',
    path: () => fc.constantFrom('/signin', '/signin?redirect=%2F%2Fevil.example'),
    forms: [
      { intent: fixed('signin'), email, password, rememberMe: checkbox, redirect },
      { intent: fixed('forgot-password'), email },
      {
        intent: fixed('social'),
        provider: choice(['google', 'apple', 'oidc'], ['myspace']),
        redirect,
        verb: choice(['in', 'up'], ['sideways']),
      },
    ],
  },
  {
    name: 'signup',
    module: 'routes/auth/signup.tsx',
    access: 'guest-only',
    path: at('/signup'),
    forms: [
      {
        firstName: text,
        lastName: text,
        email,
        password,
        confirmPassword: password,
        newsletter: checkbox,
        terms: choice(['on'], ['']),
      },
    ],
    stores: true,
  },
  {
    name: 'reset-password',
    module: 'routes/auth/reset-password.tsx',
    access: 'guest-only',
    path: at('/reset-password'),
    forms: [{ token: constant('abc', 'x'.repeat(201), ''), password, confirmPassword: password }],
  },
  {
    name: 'signout',
    module: 'routes/auth/signout.tsx',
    access: 'anyone',
    path: at('/signout'),
    forms: [{ nothing: none }],
  },
  {
    name: 'profile',
    module: 'routes/account/profile.tsx',
    access: 'user',
    path: at('/account/profile'),
    forms: [
      { intent: fixed('profile'), firstName: text, lastName: text, phone },
      {
        intent: fixed('password'),
        currentPassword: password,
        newPassword: password,
        confirmPassword: password,
      },
    ],
    stores: true,
  },
  {
    name: 'addresses',
    module: 'routes/account/addresses.tsx',
    access: 'user',
    path: at('/account/addresses'),
    forms: [
      { intent: fixed('save'), id: optionalId('addresses'), ...address },
      { intent: fixed('delete'), id: id('addresses') },
      { intent: fixed('make-default'), id: id('addresses') },
    ],
    stores: true,
  },
  {
    name: 'waiting-list',
    module: 'routes/account/waiting-list.tsx',
    access: 'user',
    path: at('/account/waiting-list'),
    forms: [{ intent: fixed('cancel'), id: id('waiting') }],
  },
  // Subscriptions (issue 21): the customer's own changes, one intent per button. No pool of
  // subscription ids yet, so the path names made-up ones (404 after the form is read).
  {
    name: 'account-subscription',
    module: 'routes/account/subscription.tsx',
    access: 'user',
    path: () =>
      fc
        .oneof(fc.constant(UNKNOWN_ID), fc.uuid(), fc.constantFrom('%', '..%2F..', 'x'.repeat(101)))
        .map((x) => `/account/subscriptions/${x}`),
    forms: [
      { intent: fixed('skip'), box: date },
      { intent: fixed('undo-skip'), box: date },
      { intent: fixed('pause'), box: date, until: date },
      { intent: fixed('resume'), box: date },
      { intent: fixed('quantity'), box: date, itemId: text, quantity: int(1, 99) },
      { intent: fixed('swap'), box: date, itemId: text, choice: id('products') },
      { intent: fixed('window'), box: date, windowId: text },
      { intent: fixed('cancel'), box: date, confirm: choice(['yes', ''], ['no']) },
    ],
  },
  {
    name: 'account-share-cut-sheet',
    module: 'routes/account/share-cut-sheet.tsx',
    access: 'user',
    path: pathWith('shares', (x) => `/account/shares/${x}/cut-sheet`),
    forms: [
      {
        steak_thickness: choice(['0.75', '1', '1.25'], ['2', '']),
        steaks_per_pack: choice(['1', '2'], ['3']),
        roasts: choice(['roasts', 'ground'], ['stew']),
        ground_pack: choice(['1', '2'], ['5']),
        stew_meat: choice(['yes', 'no'], ['maybe']),
        soup_bones: choice(['yes', 'no'], ['maybe']),
        organs: choice(['yes', 'no'], ['maybe']),
        notes: optionalText,
      },
    ],
    stores: true,
  },
  // subscriptions paid by card (ADR 32): pay a box, change the card. No pool of subscription
  // ids yet: real order ids (someone else's, or not subscriptions) and made-up ones.
  {
    name: 'account-order-pay',
    module: 'routes/account/order-pay.tsx',
    access: 'user',
    path: pathWith('orders', (x) => `/account/orders/${x}/pay`),
    forms: [{ intent: choice(['pay'], ['card', '']) }],
  },
  {
    name: 'account-subscription-card',
    module: 'routes/account/subscription-card.tsx',
    access: 'user',
    path: pathWith('orders', (x) => `/account/subscriptions/${x}/card`),
    // the subscription page's own button posts no intent
    forms: [{ intent: choice(['update-card'], ['pay', '']) }, { nothing: none }],
  },
  // the back-office
  {
    name: 'admin-share-animal',
    module: 'routes/admin/share-animal.tsx',
    access: 'admin',
    path: pathWith('animals', (x) => `/admin/shares/${x}`, ['new', 'new']),
    forms: [
      {
        intent: fixed('save'),
        name: text,
        product_id: id('products'),
        price_per_lb: dollars(100),
        processing_fee: money,
        cut_sheet_cutoff: date,
        pickup_date: date,
      },
      {
        intent: fixed('weigh'),
        hanging_weight: choice(['612.5', '540', '1,012.25'], ['0', '-3', 'heavy', '612.555']),
      },
      { intent: fixed('collect'), share_id: id('shares') },
    ],
    stores: true,
  },
  {
    name: 'admin-order',
    module: 'routes/admin/order.tsx',
    access: 'admin',
    path: pathWith('orders', (x) => `/admin/orders/${x}`),
    forms: [
      {
        intent: fixed('shipped'),
        from: choice(['processing'], statuses),
        carrier: text,
        trackingNumber: choice(
          ['1Z999AA10123456784', '9400 1000 0000'],
          ['ab', 'x'.repeat(50), '<b>1234</b>'],
        ),
      },
      {
        intent: choice(
          ['paid', 'processing', 'cancelled', 'ready_for_pickup', 'out_for_delivery', 'collected'],
          ['delivered', ...statuses],
        ),
        from: choice(['pending_payment', 'paid', 'processing', 'ready_for_pickup'], statuses),
      },
    ],
  },
  {
    name: 'admin-fulfilment-setup',
    module: 'routes/admin/fulfilment-setup.tsx',
    access: 'admin',
    path: at('/admin/fulfilment/setup'),
    stores: true,
    forms: [
      {
        intent: fixed('add-closed-date'),
        on_date: date,
        note: optionalText,
        scope: choice(['farm'], ['place:x', 'zone:nope']),
      },
      { intent: fixed('delete-closed-date'), id: field('text', () => fc.uuid()) },
    ],
  },
  {
    name: 'admin-fulfilment-place',
    module: 'routes/admin/fulfilment-place.tsx',
    access: 'admin',
    path: at('/admin/fulfilment/places/new'),
    stores: true,
    forms: [
      {
        intent: fixed('save-place'),
        name: text,
        address: text,
        instructions: optionalText,
        map_url: choice(['https://maps.example/farm', ''], ['javascript:alert(1)']),
        is_active: checkbox,
      },
    ],
  },
  {
    name: 'admin-fulfilment-zone',
    module: 'routes/admin/fulfilment-zone.tsx',
    access: 'admin',
    path: at('/admin/fulfilment/zones/new'),
    stores: true,
    forms: [
      {
        intent: fixed('save-zone'),
        name: text,
        zip_codes: choice(['83702-83706', '83702, 83714'], ['Boise', '83706-83702']),
        fee: choice(['7', '7.00', '0'], ['-1', 'seven']),
        free_over: choice(['75', ''], ['lots']),
        minimum: choice(['30', '0'], ['-5']),
        is_active: checkbox,
      },
    ],
  },
  {
    name: 'admin-this-week',
    module: 'routes/admin/fulfilment.tsx',
    access: 'admin',
    path: at('/admin/fulfilment'),
    forms: [
      { intent: fixed('pack'), orderId: id('orders') },
      { intent: fixed('hand-over'), orderId: id('orders') },
      { intent: fixed('pack-all'), orderId: id('orders') },
    ],
  },
  {
    name: 'admin-products',
    module: 'routes/admin/products.tsx',
    access: 'admin',
    path: at('/admin/products'),
    forms: [{ intent: fixed('set-stock'), productId: id('products'), stock: int(0, 100) }],
  },
  {
    name: 'admin-product-new',
    module: 'routes/admin/product-new.tsx',
    access: 'admin',
    path: at('/admin/products/new'),
    multipart: true,
    forms: [
      { intent: constant('save', 'save', ''), ...productFields },
      {
        __intent__: constant(
          ADD_OPTION_ROW,
          ADD_OPTION_ROW,
          '{"type":"remove","payload":{"name":"variants","index":0}}',
        ),
        ...productFields,
      },
    ],
    stores: true,
  },
  {
    name: 'admin-product',
    module: 'routes/admin/product.tsx',
    access: 'admin',
    path: pathWith('products', (x) => `/admin/products/${x}`),
    multipart: true,
    forms: [
      { intent: constant('save', 'save', ''), ...productFields },
      { __intent__: constant(ADD_OPTION_ROW), ...productFields },
      { intent: fixed('remove-variant'), variantId: id('variants') },
      { intent: constant('archive', 'unarchive') },
    ],
    stores: true,
  },
  {
    name: 'admin-waiting-list',
    module: 'routes/admin/waiting-list.tsx',
    access: 'admin',
    path: at('/admin/waiting-list'),
    forms: [
      { intent: fixed('notify'), productId: id('products'), variantId: optionalId('variants') },
      { intent: constant('fulfil', 'remove'), entryId: id('waiting') },
    ],
  },
  {
    name: 'admin-subscriptions',
    module: 'routes/admin/subscriptions.tsx',
    access: 'admin',
    path: at('/admin/subscriptions'),
    forms: [{ intent: fixed('run-scheduler') }],
  },
  {
    name: 'admin-customer',
    module: 'routes/admin/customer.tsx',
    access: 'admin',
    path: pathWith('customers', (x) => `/admin/customers/${x}`),
    forms: [{ intent: constant('grant-admin', 'remove-admin') }],
  },
  {
    name: 'admin-message',
    module: 'routes/admin/message.tsx',
    access: 'admin',
    path: pathWith('messages', (x) => `/admin/messages/${x}`),
    forms: [{ intent: constant('unread', 'archive', 'inbox') }],
  },
  {
    name: 'admin-emails',
    module: 'routes/admin/emails.tsx',
    access: 'admin',
    path: at('/admin/emails'),
    forms: [{ intent: fixed('resend'), id: id('emails') }],
  },
  {
    name: 'admin-content',
    module: 'routes/admin/content.tsx',
    access: 'admin',
    path: at('/admin/content'),
    multipart: true,
    forms: [farmInfo],
    stores: true,
  },
  {
    name: 'admin-team',
    module: 'routes/admin/content-team.tsx',
    access: 'admin',
    path: at('/admin/content/team'),
    multipart: true,
    forms: [
      { intent: fixed('create'), ...teamMember, photo: file },
      { intent: fixed('update'), id: id('team'), ...teamMember, photo: file },
      { intent: fixed('move'), id: id('team'), direction },
      { intent: constant('show', 'hide', 'remove'), id: id('team') },
    ],
    stores: true,
  },
  {
    name: 'admin-policy',
    module: 'routes/admin/content-policy.tsx',
    access: 'admin',
    path: () =>
      fc
        .constantFrom('terms', 'privacy', 'shipping', 'refunds', 'nonsense')
        .map((slug) => `/admin/content/policies/${slug}`),
    forms: [{ intent: constant('save', 'reset'), body: text }],
    stores: true,
  },
  {
    name: 'admin-gallery',
    module: 'routes/admin/content-gallery.tsx',
    access: 'admin',
    path: at('/admin/content/gallery'),
    multipart: true,
    forms: [
      { intent: fixed('create'), alt_text: text, caption: optionalText, image: file },
      { intent: fixed('update'), id: id('gallery'), alt_text: text, caption: optionalText },
      { intent: fixed('move'), id: id('gallery'), direction },
      { intent: fixed('remove'), id: id('gallery') },
    ],
    stores: true,
  },
  {
    name: 'admin-promo-code',
    module: 'routes/admin/promo-code.tsx',
    access: 'admin',
    path: pathWith('promos', (x) => `/admin/promo-codes/${x}`, ['new', 'new']),
    forms: [
      {
        intent: fixed('save'),
        code: field('text', () =>
          fc.oneof(fc.stringMatching(/^[A-Z0-9]{3,12}$/), fc.constantFrom('FARM10', 'a-b')),
        ),
        discount_type: choice(['percent', 'fixed'], ['free']),
        discount_value: field('number', () =>
          fc.oneof(fc.integer({ min: 1, max: 100 }).map(String), fc.constantFrom('5.50', '15%')),
        ),
        min_subtotal: money,
        starts_on: date,
        ends_on: date,
        usage_limit: int(1, 1000),
        is_active: checkbox,
      },
      { intent: fixed('remove') },
    ],
  },
  {
    name: 'admin-settings',
    module: 'routes/admin/settings.tsx',
    access: 'admin',
    path: at('/admin/settings'),
    forms: [
      {
        tax_rate: choice(['6', '6.25', '0', '25', '6%', '7.5'], ['25.01', '6.255', '-1']),
        standard_shipping: dollars(1000),
        express_shipping: dollars(1000),
        pickup_shipping: dollars(1000),
        free_shipping_threshold: dollars(100_000),
        hold_hours: choice(['24', '1', '168', '48'], ['0', '169', '1.5', '']),
        states: field('text', () =>
          fc.oneof(
            { weight: 9, arbitrary: fc.subarray(['ID', 'WA', 'OR', 'MT'], { minLength: 1 }) },
            { weight: 1, arbitrary: fc.subarray(['ID', 'XX', 'id', ''], { minLength: 1 }) },
          ),
        ),
      },
    ],
  },
  {
    name: 'not-found',
    module: 'routes/not-found.tsx',
    access: 'anyone',
    path: () =>
      fc
        .oneof(
          fc.webPath(),
          hostileString.map((s) => encodeURIComponent(wellFormed(s))),
        )
        .map((path) => `/no-such-page/${path.replace(/^\//, '')}`),
    forms: [{ intent: constant('add', 'save', 'delete') }],
  },
  // the JSON endpoints: their bodies come from fuzz-probes.ts
  {
    name: 'api-errors',
    module: 'routes/api/errors.ts',
    access: 'api',
    path: at('/api/errors'),
    forms: [],
    stores: true,
  },
  {
    name: 'api-stripe-webhook',
    module: 'routes/api/stripe-webhook.ts',
    access: 'api',
    path: at('/api/stripe/webhook'),
    forms: [],
  },
  {
    name: 'api-auth',
    module: 'routes/api/auth.ts',
    access: 'api',
    path: () =>
      fc
        .oneof(
          fc.constantFrom(
            'sign-in/email',
            'sign-up/email',
            'get-session',
            'list-sessions',
            'update-user',
            'change-password',
            'reset-password',
            'request-password-reset',
            'callback/google',
            'callback/apple',
            'callback/oidc',
            'callback/credential',
            'oauth2/callback/oidc',
            'admin/set-role',
          ),
          fc.webPath(),
        )
        .chain((path) =>
          fc
            .constantFrom('', '?code=abc&state=xyz', '?error=access_denied', '?state=%00')
            .map((query) => `/api/auth/${path.replace(/^\//, '')}${query}`),
        ),
    forms: [],
  },
]
