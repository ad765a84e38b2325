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
  route('newsletter/confirm', 'routes/shop/newsletter-confirm.tsx'),
  route('newsletter/unsubscribe', 'routes/shop/newsletter-unsubscribe.tsx'),
  route('checkout', 'routes/checkout/checkout.tsx'),
  route('order-confirmation/:id', 'routes/checkout/order-confirmation.tsx'),
  route('sitemap.xml', 'routes/seo/sitemap.ts'),
  route('robots.txt', 'routes/seo/robots.ts'),
  route('images/:file', 'routes/api/image.ts'),
  route('api/errors', 'routes/api/errors.ts'),
  route('api/stripe/webhook', 'routes/api/stripe-webhook.ts'),

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
    route('addresses', 'routes/account/addresses.tsx'),
    route('waiting-list', 'routes/account/waiting-list.tsx'),
  ]),

  route('admin', 'routes/admin/dashboard.tsx'),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
