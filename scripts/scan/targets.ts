// Every form and query parameter of the shop that `npm run scan` hands to sqlmap, in one list:
// when a route gains a field (app/routes.ts, a loader's searchParams, an action's schema), add
// it here. Values are ones the route accepts, so each request reaches the code behind the
// field; `{name}` is an id the scan's setup made or looked up (scripts/scan/setup.ts), and a
// `*` after a path segment asks sqlmap to inject into that segment too.
//
// State-changing forms are aimed so that repeating them gives the same answer (sqlmap compares
// answers): a save with the same values, an id that does not exist for deletes, an order
// submission whose idempotency key was used already.

export type Role = 'guest' | 'customer' | 'admin'

export type Target = {
  /** Shown in the report */
  name: string
  role: Role
  method: 'GET' | 'POST'
  /** Path with {placeholders}; `*` marks a path segment to inject */
  path: string
  /** Query parameters (GET) or form fields (POST, urlencoded), each with a working value */
  fields?: Record<string, string>
  /** A JSON body instead of form fields (sqlmap tests each value in it) */
  json?: string
  /** Fields not injected (one representative of a repeated group is enough) */
  skip?: string[]
  /** Fields given a new unique value per request while the other fields are tested */
  fresh?: Record<string, 'email'>
  /** Test the cookies too (the cart and session cookies are signed) */
  cookies?: boolean
}

/** An id that exists nowhere: deletes and similar one-way actions aim at it. */
export const MISSING_ID = '00000000-0000-4000-8000-000000000000'

const shipping = {
  email: 'scan.customer@example.com',
  phone: '(208) 555-0100',
  firstName: 'Casey',
  lastName: 'Scan',
  street: '12 Pasture Lane',
  apartment: 'Unit 2',
  city: 'Boise',
  state: 'ID',
  zipCode: '83702',
  shippingMethod: 'standard',
  paymentMethod: 'offline',
}

const address = {
  firstName: 'Casey',
  lastName: 'Scan',
  street: '12 Pasture Lane',
  apartment: 'Unit 2',
  city: 'Boise',
  state: 'ID',
  zipCode: '83702',
  phone: '(208) 555-0100',
  isDefault: 'on',
}

const HOURS_DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const
const farmHours: Record<string, string> = Object.fromEntries(
  HOURS_DAYS.flatMap((day) => [
    [`hours_${day}_open`, 'on'],
    [`hours_${day}_opens`, '09:00'],
    [`hours_${day}_closes`, '17:00'],
  ]),
)
/** Monday's three fields stand for the week's 21 (one loop parses them all). */
const otherDays = Object.keys(farmHours).filter((name) => !name.startsWith('hours_Mo_'))

export const TARGETS: Target[] = [
  // --- public pages ------------------------------------------------------------------------
  {
    name: 'Shop filter',
    role: 'guest',
    method: 'GET',
    path: '/shop',
    fields: { category: 'Eggs' },
  },
  {
    name: 'Product page',
    role: 'guest',
    method: 'GET',
    path: '/product/{productId}*',
    fields: { variant: '{variantId}', waitlist: '1' },
  },
  {
    name: 'Image variant',
    role: 'guest',
    method: 'GET',
    path: '/images/{imageFile}*',
  },
  {
    name: 'Cart: add',
    role: 'guest',
    method: 'POST',
    path: '/cart',
    fields: {
      intent: 'add',
      productId: '{productId}',
      variantId: '{variantId}',
      quantity: '1',
      redirect: '/cart',
    },
  },
  {
    name: 'Cart: set quantity',
    role: 'guest',
    method: 'POST',
    path: '/cart',
    fields: { intent: 'set-quantity', lineId: '{guestLineId}', quantity: '2' },
  },
  {
    name: 'Cart: remove line',
    role: 'guest',
    method: 'POST',
    path: '/cart',
    fields: { intent: 'remove', lineId: MISSING_ID },
  },
  {
    name: 'Cart: promo code',
    role: 'guest',
    method: 'POST',
    path: '/cart',
    fields: { intent: 'apply-promo', code: 'FARM10' },
  },
  {
    name: 'Cart cookie',
    role: 'guest',
    method: 'GET',
    path: '/cart',
    cookies: true,
  },
  {
    name: 'Contact form',
    role: 'guest',
    method: 'POST',
    path: '/contact',
    fields: {
      intent: 'contact',
      name: 'Casey Scan',
      email: 'scan.contact@example.com',
      phone: '(208) 555-0100',
      subject: 'general',
      message: 'Do you deliver to Boise on Saturdays?',
    },
  },
  {
    name: 'Newsletter sign-up',
    role: 'guest',
    method: 'POST',
    path: '/contact',
    fields: { intent: 'newsletter', email: 'scan.news@example.com' },
  },
  {
    name: 'Newsletter confirmation link',
    role: 'guest',
    method: 'GET',
    path: '/newsletter/confirm',
    fields: { token: '{confirmToken}' },
  },
  {
    name: 'Newsletter unsubscribe page',
    role: 'guest',
    method: 'GET',
    path: '/newsletter/unsubscribe',
    fields: { token: '{unsubscribeToken}' },
  },
  {
    name: 'Newsletter unsubscribe',
    role: 'guest',
    method: 'POST',
    path: '/newsletter/unsubscribe',
    fields: { token: '{unsubscribeToken}' },
  },
  {
    name: 'Sign-in page',
    role: 'guest',
    method: 'GET',
    path: '/signin',
    fields: { redirect: '/account', forgot: '1', error: 'social' },
  },
  {
    name: 'Sign in',
    role: 'guest',
    method: 'POST',
    path: '/signin',
    // A wrong password: the same refusal every time, and no session for the scanner.
    fields: {
      email: '{customerEmail}',
      password: 'not-the-password',
      rememberMe: 'on',
      redirect: '/account',
    },
  },
  {
    name: 'Forgot password',
    role: 'guest',
    method: 'POST',
    path: '/signin',
    fields: { intent: 'forgot-password', email: '{bystanderEmail}' },
  },
  {
    name: 'Social sign-in',
    role: 'guest',
    method: 'POST',
    path: '/signin',
    fields: { intent: 'social', provider: 'google', redirect: '/account', verb: 'in' },
  },
  {
    name: 'Sign-up page',
    role: 'guest',
    method: 'GET',
    path: '/signup',
    fields: { redirect: '/account' },
  },
  {
    name: 'Sign up',
    role: 'guest',
    method: 'POST',
    path: '/signup',
    fields: {
      firstName: 'Casey',
      lastName: 'Scan',
      email: 'new.scan@example.com',
      password: 'scan-password-1',
      confirmPassword: 'scan-password-1',
      newsletter: 'on',
      terms: 'on',
    },
    // Each request makes a new account, so the fields reach the insert.
    fresh: { email: 'email' },
  },
  {
    name: 'Reset-password page',
    role: 'guest',
    method: 'GET',
    path: '/reset-password',
    fields: { token: '{resetToken}' },
  },
  {
    name: 'Reset password',
    role: 'guest',
    method: 'POST',
    path: '/reset-password',
    fields: {
      token: '{resetToken}',
      password: 'scan-password-2',
      confirmPassword: 'scan-password-2',
    },
  },
  {
    name: 'Sign-in return from a provider',
    role: 'guest',
    method: 'GET',
    path: '/auth/callback',
    fields: { provider: 'google', verb: 'up', redirect: '/account', failed: '1' },
  },
  {
    name: 'Provider callback (better-auth)',
    role: 'guest',
    method: 'GET',
    path: '/api/auth/callback/google',
    fields: { state: 'scan-state', code: 'scan-code' },
  },
  {
    name: 'Browser error reports (JSON)',
    role: 'guest',
    method: 'POST',
    path: '/api/errors',
    json: JSON.stringify([
      {
        level: 'error',
        message: 'TypeError: x is undefined',
        stack: 'at render (product.tsx:10)',
        url: '/shop',
        context: { kind: 'network' },
      },
    ]),
  },
  {
    name: 'Waiting list: join (guest)',
    role: 'guest',
    method: 'POST',
    path: '/product/{soldOutProductId}',
    fields: { intent: 'join-waiting-list', quantity: '1', notifyByEmail: 'on' },
  },

  // --- customer ----------------------------------------------------------------------------
  {
    name: 'Session cookie',
    role: 'customer',
    method: 'GET',
    path: '/account/profile',
    cookies: true,
  },
  {
    name: 'Waiting list: join',
    role: 'customer',
    method: 'POST',
    path: '/product/{soldOutProductId}*',
    fields: {
      intent: 'join-waiting-list',
      variantId: '',
      quantity: '2',
      notifyByEmail: 'on',
    },
  },
  {
    name: 'Cart: set quantity (customer)',
    role: 'customer',
    method: 'POST',
    path: '/cart',
    fields: { intent: 'set-quantity', lineId: '{customerLineId}', quantity: '2' },
  },
  {
    name: 'Profile',
    role: 'customer',
    method: 'POST',
    path: '/account/profile',
    fields: { intent: 'profile', firstName: 'Casey', lastName: 'Scan', phone: '(208) 555-0100' },
  },
  {
    name: 'Change password',
    role: 'customer',
    method: 'POST',
    path: '/account/profile',
    // A wrong current password: the scanner's own session and password stay as they are.
    fields: {
      intent: 'password',
      currentPassword: 'not-the-password',
      newPassword: 'scan-password-3',
      confirmPassword: 'scan-password-3',
    },
  },
  {
    name: 'Addresses page',
    role: 'customer',
    method: 'GET',
    path: '/account/addresses',
    fields: { edit: '{addressId}' },
  },
  {
    name: 'Address: save',
    role: 'customer',
    method: 'POST',
    path: '/account/addresses',
    fields: { intent: 'save', id: '{addressId}', ...address },
  },
  {
    name: 'Address: make default',
    role: 'customer',
    method: 'POST',
    path: '/account/addresses',
    fields: { intent: 'make-default', id: '{addressId}' },
  },
  {
    name: 'Address: delete',
    role: 'customer',
    method: 'POST',
    path: '/account/addresses',
    fields: { intent: 'delete', id: MISSING_ID },
  },
  {
    name: 'Waiting list: cancel',
    role: 'customer',
    method: 'POST',
    path: '/account/waiting-list',
    fields: { intent: 'cancel', id: MISSING_ID },
  },
  {
    name: 'Account order page',
    role: 'customer',
    method: 'GET',
    path: '/account/orders/{orderId}*',
  },
  {
    name: 'Order confirmation page',
    role: 'customer',
    method: 'GET',
    path: '/order-confirmation/{orderId}*',
  },
  {
    name: 'Checkout: shipping step',
    role: 'customer',
    method: 'POST',
    path: '/checkout',
    fields: { intent: 'to-payment', ...shipping, saveAddress: 'on' },
  },
  {
    name: 'Checkout: payment step',
    role: 'customer',
    method: 'POST',
    path: '/checkout',
    fields: { intent: 'to-review', ...shipping },
    // The shipping fields are the same code as in the step before.
    skip: ['email', 'phone', 'firstName', 'lastName', 'street', 'apartment', 'city', 'zipCode'],
  },
  {
    name: 'Checkout: back buttons',
    role: 'customer',
    method: 'POST',
    path: '/checkout',
    fields: { intent: 'back-to-shipping', ...shipping },
    skip: Object.keys(shipping),
  },
  {
    name: 'Checkout: place order',
    role: 'customer',
    method: 'POST',
    path: '/checkout',
    // The key of the order the setup placed: a repeat answers with that order (ADR 11).
    fields: {
      intent: 'place-order',
      ...shipping,
      idempotencyKey: '{idempotencyKey}',
      acceptTerms: 'on',
    },
  },

  // --- admin: lists, filters, searches, pages ----------------------------------------------
  {
    name: 'Admin orders',
    role: 'admin',
    method: 'GET',
    path: '/admin/orders',
    fields: { q: 'FS-10001', status: 'pending_payment', page: '1' },
  },
  {
    name: 'Admin orders CSV',
    role: 'admin',
    method: 'GET',
    path: '/admin/orders.csv',
    fields: { q: 'Scan', status: 'pending_payment' },
  },
  {
    name: 'Admin order',
    role: 'admin',
    method: 'GET',
    path: '/admin/orders/{orderId}*',
  },
  {
    name: 'Packing slip',
    role: 'admin',
    method: 'GET',
    path: '/admin/orders/{orderId}*/packing-slip',
  },
  {
    name: 'Admin products',
    role: 'admin',
    method: 'GET',
    path: '/admin/products',
    fields: { q: 'beef', category: 'Beef Cuts', stock: 'low', status: 'archived', page: '1' },
  },
  {
    name: 'Admin product',
    role: 'admin',
    method: 'GET',
    path: '/admin/products/{editProductId}*',
    fields: { saved: '1' },
  },
  {
    name: 'Admin waiting list',
    role: 'admin',
    method: 'GET',
    path: '/admin/waiting-list',
    fields: { status: 'waiting', page: '1' },
  },
  {
    name: 'Admin customers',
    role: 'admin',
    method: 'GET',
    path: '/admin/customers',
    fields: { q: 'scan', page: '1' },
  },
  {
    name: 'Admin customer',
    role: 'admin',
    method: 'GET',
    path: '/admin/customers/{customerId}*',
  },
  {
    name: 'Admin messages',
    role: 'admin',
    method: 'GET',
    path: '/admin/messages',
    fields: { status: 'read', page: '1' },
  },
  {
    name: 'Admin message',
    role: 'admin',
    method: 'GET',
    path: '/admin/messages/{messageId}*',
  },
  {
    name: 'Admin newsletter',
    role: 'admin',
    method: 'GET',
    path: '/admin/newsletter',
    fields: { status: 'pending', page: '1' },
  },
  {
    name: 'Admin newsletter CSV',
    role: 'admin',
    method: 'GET',
    path: '/admin/newsletter.csv',
    fields: { status: 'pending' },
  },
  {
    name: 'Admin emails',
    role: 'admin',
    method: 'GET',
    path: '/admin/emails',
    fields: { status: 'not_sent', open: '{emailId}', page: '1' },
  },
  {
    name: 'Admin browser errors',
    role: 'admin',
    method: 'GET',
    path: '/admin/errors',
    fields: { page: '1' },
  },
  {
    name: 'Admin activity',
    role: 'admin',
    method: 'GET',
    path: '/admin/activity',
    fields: { what: 'product', who: '{adminId}', action: 'update', page: '1' },
  },
  {
    name: 'Admin team',
    role: 'admin',
    method: 'GET',
    path: '/admin/content/team',
    fields: { edit: '{teamMemberId}' },
  },
  {
    name: 'Admin promo codes',
    role: 'admin',
    method: 'GET',
    path: '/admin/promo-codes',
    fields: { q: 'FARM', page: '1', deleted: 'SPRING5' },
  },
  {
    name: 'Admin promo code',
    role: 'admin',
    method: 'GET',
    path: '/admin/promo-codes/{promoCodeId}*',
    fields: { saved: '1' },
  },

  // --- admin: forms --------------------------------------------------------------------------
  {
    name: 'Admin order: ship',
    role: 'admin',
    method: 'POST',
    path: '/admin/orders/{orderId}*',
    // `from` is not the order's status, so the answer is the same conflict every time.
    fields: { intent: 'shipped', from: 'processing', carrier: 'USPS', trackingNumber: '9400 1000' },
  },
  {
    name: 'Admin order: status',
    role: 'admin',
    method: 'POST',
    path: '/admin/orders/{orderId}',
    fields: { intent: 'completed', from: 'ready_for_pickup' },
  },
  {
    name: 'Admin products: stock',
    role: 'admin',
    method: 'POST',
    path: '/admin/products',
    fields: { intent: 'set-stock', productId: '{editProductId}', stock: '30' },
  },
  {
    name: 'Admin product: save',
    role: 'admin',
    method: 'POST',
    path: '/admin/products/{editProductId}*',
    fields: {
      intent: 'save',
      name: 'Huckleberry Jam',
      description: 'Wild huckleberries, cooked in small batches.',
      category: 'Pantry',
      newCategory: '',
      price: '9.50',
      unit: 'jar',
      isAvailable: 'on',
      nextAvailableDate: '2030-06-01',
      expectedQuantity: '40',
      stock: '30',
      stockWas: '30',
      uploadedImage: '',
    },
  },
  {
    name: 'Admin product: option rows',
    role: 'admin',
    method: 'POST',
    path: '/admin/products/{variantProductId}',
    fields: {
      intent: 'save',
      name: 'Pasture-Raised Eggs',
      description: 'Eggs from hens on pasture.',
      category: 'Eggs',
      price: '7.00',
      unit: 'dozen',
      isAvailable: 'on',
      stock: '0',
      'variants.0.id': '{variantId}',
      'variants.0.name': 'Dozen',
      'variants.0.price': '7.00',
      'variants.0.stock': '48',
      'variants.0.stockWas': '48',
      'variants.0.available': 'on',
    },
    skip: ['name', 'description', 'category', 'price', 'unit', 'isAvailable', 'stock'],
  },
  {
    name: 'Admin product: remove option',
    role: 'admin',
    method: 'POST',
    path: '/admin/products/{editProductId}',
    fields: { intent: 'remove-variant', variantId: MISSING_ID },
  },
  {
    name: 'Admin product: archive',
    role: 'admin',
    method: 'POST',
    path: '/admin/products/{archiveProductId}*',
    fields: { intent: 'archive' },
  },
  {
    name: 'Admin new product',
    role: 'admin',
    method: 'POST',
    path: '/admin/products/new',
    fields: {
      intent: 'save',
      name: 'Scan Test Sausage',
      description: 'Made by the security scan.',
      category: '',
      newCategory: 'Scan Category',
      price: '5.25',
      unit: 'lb',
      isAvailable: 'on',
      stock: '5',
    },
  },
  {
    name: 'Admin waiting list: notify',
    role: 'admin',
    method: 'POST',
    path: '/admin/waiting-list',
    fields: { intent: 'notify', productId: '{soldOutProductId}', variantId: '' },
  },
  {
    name: 'Admin waiting list: fulfil',
    role: 'admin',
    method: 'POST',
    path: '/admin/waiting-list',
    fields: { intent: 'fulfil', entryId: MISSING_ID },
  },
  {
    name: 'Admin customer: admin rights',
    role: 'admin',
    method: 'POST',
    path: '/admin/customers/{customerId}*',
    // The customer is not an admin: revoking changes nothing, every time.
    fields: { intent: 'remove-admin' },
  },
  {
    name: 'Admin message: archive',
    role: 'admin',
    method: 'POST',
    path: '/admin/messages/{messageId}*',
    fields: { intent: 'archive' },
  },
  {
    name: 'Admin emails: resend',
    role: 'admin',
    method: 'POST',
    path: '/admin/emails',
    fields: { intent: 'resend', id: MISSING_ID },
  },
  {
    name: 'Admin farm content',
    role: 'admin',
    method: 'POST',
    path: '/admin/content',
    fields: {
      name: 'Sawtooth Meadows Farm',
      description: 'A family farm in Idaho.',
      story: 'Four generations on the same ground.',
      mission: 'Good food from healthy land.',
      contact_email: 'hello@example.com',
      contact_phone: '(208) 555-0142',
      address: '1 Ranch Road, Stanley, ID',
      facebook_url: 'https://facebook.com/example',
      instagram_url: 'https://instagram.com/example',
      ...farmHours,
      show_values_section: 'on',
      show_practices_section: 'on',
      show_team_section: 'on',
      show_visit_section: 'on',
      values_title: 'Our Values',
      practices_title: 'How We Farm',
      team_title: 'Meet the Family',
      visit_title: 'Visit the Farm',
      visit_description: 'Open for visits on Saturdays.',
      remove_logo_image_url: '',
    },
    skip: otherDays,
  },
  {
    name: 'Admin team member: update',
    role: 'admin',
    method: 'POST',
    path: '/admin/content/team',
    fields: {
      intent: 'update',
      id: '{teamMemberId}',
      name: 'Tom Halvorsen',
      title: 'Rancher',
      bio: 'Moves the cattle every day.',
      is_active: 'on',
    },
  },
  {
    name: 'Admin team member: move',
    role: 'admin',
    method: 'POST',
    path: '/admin/content/team',
    fields: { intent: 'move', id: '{teamMemberId}', direction: 'down' },
  },
  {
    name: 'Admin team member: remove',
    role: 'admin',
    method: 'POST',
    path: '/admin/content/team',
    fields: { intent: 'remove', id: MISSING_ID },
  },
  {
    name: 'Admin gallery: update',
    role: 'admin',
    method: 'POST',
    path: '/admin/content/gallery',
    fields: {
      intent: 'update',
      id: '{galleryImageId}',
      alt_text: 'Cattle in the morning mist',
      caption: 'The lower pasture',
    },
  },
  {
    name: 'Admin gallery: move',
    role: 'admin',
    method: 'POST',
    path: '/admin/content/gallery',
    fields: { intent: 'move', id: '{galleryImageId}', direction: 'up' },
  },
  {
    name: 'Admin promo code: save',
    role: 'admin',
    method: 'POST',
    path: '/admin/promo-codes/{promoCodeId}*',
    fields: {
      intent: 'save',
      code: 'FARM10',
      discount_type: 'percent',
      discount_value: '10',
      min_subtotal: '0',
      starts_on: '2020-01-01',
      ends_on: '2099-12-31',
      usage_limit: '',
      is_active: 'on',
    },
  },
  {
    name: 'Admin promo code: new',
    role: 'admin',
    method: 'POST',
    path: '/admin/promo-codes/new',
    fields: {
      intent: 'save',
      code: 'SCANCODE',
      discount_type: 'fixed',
      discount_value: '5',
      min_subtotal: '20',
      starts_on: '',
      ends_on: '',
      usage_limit: '100',
      is_active: 'on',
    },
  },
  {
    name: 'Admin promo code: remove',
    role: 'admin',
    method: 'POST',
    path: '/admin/promo-codes/{missingId}*',
    fields: { intent: 'remove' },
  },
  {
    name: 'Admin settings',
    role: 'admin',
    method: 'POST',
    path: '/admin/settings',
    fields: {
      tax_rate: '6',
      standard_shipping: '9.99',
      express_shipping: '19.99',
      pickup_shipping: '0',
      free_shipping_threshold: '100',
      states: 'ID',
    },
  },
]
