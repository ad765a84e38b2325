import { index, type RouteConfig, route } from '@react-router/dev/routes'

// Every URL in one explicit list.
export default [
  index('routes/shop/home.tsx'),
  route('shop', 'routes/shop/shop.tsx'),
  route('product/:id', 'routes/shop/product.tsx'),
  route('cart', 'routes/shop/cart.tsx'),
  route('about', 'routes/shop/about.tsx'),
  route('grass-fed-beef', 'routes/shop/grass-fed-beef.tsx'),
  route('contact', 'routes/shop/contact.tsx'),
  // The policy pages (issue 17), one module told apart by its path
  route('terms', 'routes/shop/policy.tsx', { id: 'policy-terms' }),
  route('privacy', 'routes/shop/policy.tsx', { id: 'policy-privacy' }),
  route('shipping-pickup', 'routes/shop/policy.tsx', { id: 'policy-shipping' }),
  route('refunds', 'routes/shop/policy.tsx', { id: 'policy-refunds' }),
  route('newsletter/confirm', 'routes/shop/newsletter-confirm.tsx'),
  route('newsletter/unsubscribe', 'routes/shop/newsletter-unsubscribe.tsx'),
  // A waiting-list hold's two email links (ADR 29)
  route('waiting-list/claim/:token', 'routes/shop/waiting-list-claim.tsx'),
  route('waiting-list/decline/:token', 'routes/shop/waiting-list-decline.tsx'),
  route('shares/balance/:token', 'routes/shop/share-balance.tsx'),
  route('checkout', 'routes/checkout/checkout.tsx'),
  route('order-confirmation/:id', 'routes/checkout/order-confirmation.tsx'),
  route('sitemap.xml', 'routes/seo/sitemap.ts'),
  route('robots.txt', 'routes/seo/robots.ts'),
  route('images/:file', 'routes/api/image.ts'),
  route('api/errors', 'routes/api/errors.ts'),
  route('api/stripe/webhook', 'routes/api/stripe-webhook.ts'),
  route('api/paypal/return', 'routes/api/paypal-return.ts'),
  route('api/paypal/cancel', 'routes/api/paypal-cancel.ts'),

  route('signin', 'routes/auth/signin.tsx'),
  route('signup', 'routes/auth/signup.tsx'),
  route('reset-password', 'routes/auth/reset-password.tsx'),
  route('auth/callback', 'routes/auth/callback.tsx'),
  route('signout', 'routes/auth/signout.tsx'),
  route('api/auth/*', 'routes/api/auth.ts'),

  route('account', 'routes/account/layout.tsx', [
    index('routes/account/index.tsx'),
    route('profile', 'routes/account/profile.tsx'),
    route('orders', 'routes/account/orders.tsx'),
    route('orders/:id', 'routes/account/order.tsx'),
    route('orders/:id/calendar.ics', 'routes/account/order-calendar.ts'),
    route('shares/:id/cut-sheet', 'routes/account/share-cut-sheet.tsx'),
    route('addresses', 'routes/account/addresses.tsx'),
    route('waiting-list', 'routes/account/waiting-list.tsx'),
    // Subscriptions (ADR 32): the customer's own boxes; a card box whose charge failed is
    // paid by its link, and a card is changed on Stripe's page
    route('subscriptions', 'routes/account/subscriptions.tsx'),
    route('subscriptions/:id', 'routes/account/subscription.tsx'),
    route('subscriptions/:id/card', 'routes/account/subscription-card.tsx'),
    route('orders/:id/pay', 'routes/account/order-pay.tsx'),
  ]),

  // The back-office (issue 6). Every loader and action below calls requireAdmin itself.
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/dashboard.tsx'),
    // orders
    route('orders', 'routes/admin/orders.tsx'),
    route('orders/:id', 'routes/admin/order.tsx'),
    // pickups and deliveries: This week, and how the farm sells (issue 16)
    route('fulfilment', 'routes/admin/fulfilment.tsx'),
    route('fulfilment/setup', 'routes/admin/fulfilment-setup.tsx'),
    route('fulfilment/places/:id', 'routes/admin/fulfilment-place.tsx'),
    route('fulfilment/zones/:id', 'routes/admin/fulfilment-zone.tsx'),
    // products and the waiting list
    route('products', 'routes/admin/products.tsx'),
    route('products/new', 'routes/admin/product-new.tsx'),
    route('products/:id', 'routes/admin/product.tsx'),
    route('waiting-list', 'routes/admin/waiting-list.tsx'),
    // beef shares: animals, their shares and cut sheets (ADR 31)
    route('shares', 'routes/admin/shares.tsx'),
    route('shares/:id', 'routes/admin/share-animal.tsx'),
    // people, messages, emails and the audit log
    route('customers', 'routes/admin/customers.tsx'),
    route('customers/:id', 'routes/admin/customer.tsx'),
    route('messages', 'routes/admin/messages.tsx'),
    route('messages/:id', 'routes/admin/message.tsx'),
    route('newsletter', 'routes/admin/newsletter.tsx'),
    route('emails', 'routes/admin/emails.tsx'),
    route('errors', 'routes/admin/errors.tsx'),
    route('activity', 'routes/admin/activity.tsx'),
    // the farm's words and pictures, promo codes, settings
    route('content', 'routes/admin/content.tsx'),
    route('content/team', 'routes/admin/content-team.tsx'),
    route('content/gallery', 'routes/admin/content-gallery.tsx'),
    route('content/policies/:slug', 'routes/admin/content-policy.tsx'),
    route('promo-codes', 'routes/admin/promo-codes.tsx'),
    route('promo-codes/:id', 'routes/admin/promo-code.tsx'),
    route('settings', 'routes/admin/settings.tsx'),
    // subscriptions: veg boxes and eggs (issue 21)
    route('subscriptions', 'routes/admin/subscriptions.tsx'),
    route('subscriptions/:id', 'routes/admin/subscriptions-detail.tsx'),
  ]),
  // Outside the admin frame: a printable page and downloads.
  route('admin/orders/:id/packing-slip', 'routes/admin/packing-slip.tsx'),
  route('admin/fulfilment/pack-list', 'routes/admin/fulfilment-pack-list.tsx'),
  route('admin/shares/:id/print', 'routes/admin/share-print.tsx'),
  route('admin/fulfilment/export.csv', 'routes/admin/fulfilment-export.ts'),
  route('admin/orders.csv', 'routes/admin/orders-export.ts'),
  route('admin/newsletter.csv', 'routes/admin/newsletter-export.ts'),
  route('admin/subscriptions/export', 'routes/admin/subscriptions-export.ts'),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
