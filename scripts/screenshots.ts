// `npm run screenshots`: full-page pictures of every public page at a phone's width (390 px) and
// a laptop's (1366 px), into docs/screenshots/, with docs/screenshots/README.md listing them.
// Uses build/ as it is (run `npm run build` first): the production server on a free port and a
// fresh demo database in a temporary folder, in Debian's Chromium, like `npm run lighthouse`.
//
//   npm run screenshots                     every page at both widths
//   npm run screenshots -- --only home,cart some pages only (their names below)
//   npm run screenshots -- --out /tmp/shots somewhere else
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { type Browser, chromium, type Page } from '@playwright/test'
import SQLite from 'better-sqlite3'
import sharp from 'sharp'
import { settle, WIDTHS } from './support/picture'
import { freshDatabaseFile, startShop } from './support/shop-server'

const CHROMIUM = '/usr/bin/chromium'
// As playwright.config.ts launches it for the end-to-end tests.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
const PASSWORD = 'pasture-fresh-42'

const { values: options } = parseArgs({
  options: {
    only: { type: 'string' },
    out: { type: 'string', default: 'docs/screenshots' },
  },
})
const OUT = options.out

/** Where a page is, and how a shopper gets there when it takes more than a link. */
type Visit = {
  name: string
  title: string
  /** The path, as the list of pictures shows it. */
  path: string
  /** Opens the page on `page`, the way a shopper gets there. */
  open: (page: Page, shop: Shop) => Promise<unknown>
}

type Shop = { url: string; productPath: (name: string) => string }

const goto = (where: string) => (page: Page) => page.goto(where)

async function addToCart(page: Page, shop: Shop, name: string, quantity = 1) {
  const productId = shop.productPath(name).split('/').at(-1) ?? ''
  const answer = await page.request.post(`${shop.url}/cart`, {
    form: { intent: 'add', productId, quantity: String(quantity) },
    headers: { Origin: shop.url },
  })
  if (!answer.ok()) throw new Error(`Adding ${name} to the cart failed: ${answer.status()}`)
}

/** Two things in the cart, a product with options among them, as a shopper would have. */
async function fillCart(page: Page, shop: Shop) {
  await addToCart(page, shop, 'Grass-Fed Ground Beef', 2)
  await addToCart(page, shop, 'Pasture-Raised Eggs')
  await addToCart(page, shop, 'Huckleberry Jam')
}

let customers = 0
/** A new customer, signed up through the form (checkout asks for an account). */
async function signUp(page: Page) {
  customers++
  await page.goto('/signup')
  await page.getByLabel('First name').fill('Ann')
  await page.getByLabel('Last name').fill('Lee')
  await page.getByLabel('Email').fill(`ann.lee.${customers}@example.com`)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm password').fill(PASSWORD)
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
  await page.getByRole('button', { name: 'Create Account' }).click()
  await page.waitForURL('**/account/profile')
}

/** Signed up, three things in the cart, at checkout's first step with pickup chosen. */
async function toCheckout(page: Page, shop: Shop) {
  await signUp(page)
  await fillCart(page, shop)
  await page.goto('/checkout')
  await page.getByLabel('Phone').fill('208-555-0142')
  await page.getByRole('radio', { name: 'Pickup', exact: true }).check()
}

async function toPayment(page: Page, shop: Shop) {
  await toCheckout(page, shop)
  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await page.getByRole('button', { name: 'Review Order' }).waitFor()
}

async function toReview(page: Page, shop: Shop) {
  await toPayment(page, shop)
  await page.getByRole('button', { name: 'Review Order' }).click()
  await page.getByRole('button', { name: 'Place Order' }).waitFor()
}

async function toConfirmation(page: Page, shop: Shop) {
  await toReview(page, shop)
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await page.waitForURL('**/order-confirmation/*')
}

const VISITS: Visit[] = [
  { name: 'home', title: 'Home', path: '/', open: goto('/') },
  { name: 'shop', title: 'Shop', path: '/shop', open: goto('/shop') },
  {
    name: 'product',
    title: 'Product: Grass-Fed Ground Beef',
    path: '/product/:id',
    open: (page, shop) => page.goto(shop.productPath('Grass-Fed Ground Beef')),
  },
  {
    name: 'product-options',
    title: 'Product with options: Pasture-Raised Eggs',
    path: '/product/:id',
    open: (page, shop) => page.goto(shop.productPath('Pasture-Raised Eggs')),
  },
  {
    name: 'cart',
    title: 'Cart with three items',
    path: '/cart',
    open: async (page, shop) => {
      await fillCart(page, shop)
      await page.goto('/cart')
    },
  },
  { name: 'checkout-shipping', title: 'Checkout 1: Shipping', path: '/checkout', open: toCheckout },
  { name: 'checkout-payment', title: 'Checkout 2: Payment', path: '/checkout', open: toPayment },
  { name: 'checkout-review', title: 'Checkout 3: Review', path: '/checkout', open: toReview },
  {
    name: 'order-confirmation',
    title: 'Order confirmation',
    path: '/order-confirmation/:id',
    open: toConfirmation,
  },
  { name: 'about', title: 'About', path: '/about', open: goto('/about') },
  {
    name: 'grass-fed-beef',
    title: 'Grass-fed beef',
    path: '/grass-fed-beef',
    open: goto('/grass-fed-beef'),
  },
  { name: 'contact', title: 'Contact', path: '/contact', open: goto('/contact') },
  { name: 'terms', title: 'Terms of Service', path: '/terms', open: goto('/terms') },
  { name: 'privacy', title: 'Privacy Policy', path: '/privacy', open: goto('/privacy') },
  {
    name: 'shipping-pickup',
    title: 'Shipping & Pickup',
    path: '/shipping-pickup',
    open: goto('/shipping-pickup'),
  },
  { name: 'refunds', title: 'Refunds', path: '/refunds', open: goto('/refunds') },
  { name: 'signin', title: 'Sign in', path: '/signin', open: goto('/signin') },
  { name: 'signup', title: 'Sign up', path: '/signup', open: goto('/signup') },
  {
    name: 'not-found',
    title: 'Page not found (404)',
    path: '/no-such-page',
    open: goto('/no-such-page'),
  },
]

/** A 256-colour palette PNG at the highest compression: a tenth of the size, same to the eye. */
async function savePng(picture: Buffer, file: string): Promise<number> {
  const small = await sharp(picture)
    .png({ palette: true, compressionLevel: 9, effort: 10 })
    .toBuffer()
  writeFileSync(file, small)
  return small.length
}

async function photograph(browser: Browser, shop: Shop, visits: Visit[]) {
  for (const visit of visits) {
    for (const viewport of WIDTHS) {
      const context = await browser.newContext({
        baseURL: shop.url,
        viewport: { width: viewport.width, height: viewport.height },
        deviceScaleFactor: 1,
        isMobile: viewport.isMobile,
        hasTouch: viewport.hasTouch,
        reducedMotion: 'reduce',
      })
      try {
        const page = await context.newPage()
        await visit.open(page, shop)
        await settle(page)
        const picture = await page.screenshot({
          fullPage: true,
          animations: 'disabled',
          caret: 'hide',
        })
        const file = path.join(OUT, `${visit.name}-${viewport.width}.png`)
        const bytes = await savePng(picture, file)
        console.log(`${file.padEnd(48)} ${(bytes / 1024).toFixed(0).padStart(5)} KB`)
      } finally {
        await context.close()
      }
    }
  }
}

/** A Markdown table, padded as Biome formats one, so `npm run lint` passes on what is written. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) =>
    Math.max(3, cell.length, ...rows.map((row) => row[column]?.length ?? 0)),
  )
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  )
}

function writeReadme() {
  const rows = VISITS.map((visit) => [
    visit.title,
    `\`${visit.path}\``,
    ...WIDTHS.map(({ width }) => `[${width} px](${visit.name}-${width}.png)`),
  ])
  const readme = `# Screenshots

Every public page of the storefront, full length, at a phone's width (390 px) and a laptop's
(1366 px), on a fresh demo database. Written by \`npm run screenshots\`
([scripts/screenshots.ts](../../scripts/screenshots.ts)); do not edit them by hand.

## Regenerate

\`\`\`sh
npm run build
npm run screenshots                      # every page at both widths
npm run screenshots -- --only home,cart  # some pages only (the names of the files)
\`\`\`

The script starts the production build on a free port with a fresh demo database in a temporary
folder, opens Debian's Chromium (\`/usr/bin/chromium\`) and signs up a customer for the checkout
steps. Pictures are at device scale 1 and stored as 256-colour PNGs to keep the repository
small. The visual regression test (\`tests/e2e/visual.spec.ts\`, see
[docs/testing.md](../testing.md)) keeps its own baselines; these pictures are for people.

## Pages

${table(['Page', 'Path', 'Phone', 'Laptop'], rows)}
`
  writeFileSync(path.join(OUT, 'README.md'), readme)
}

function productPaths(databaseFile: string): (name: string) => string {
  const db = new SQLite(databaseFile, { readonly: true, fileMustExist: true })
  const rows = db.prepare('select id, name from products').all() as { id: string; name: string }[]
  db.close()
  const byName = new Map(rows.map((row) => [row.name, `/product/${row.id}`]))
  return (name) => {
    const found = byName.get(name)
    if (!found) throw new Error(`No demo product named ${name}`)
    return found
  }
}

if (!existsSync('build/host/server.js')) {
  console.error('No build: run `npm run build` first.')
  process.exit(1)
}
const only = options.only?.split(',')
const visits = only ? VISITS.filter((visit) => only.includes(visit.name)) : VISITS
if (only && visits.length !== only.length) {
  console.error(`Pages are named: ${VISITS.map((visit) => visit.name).join(', ')}`)
  process.exit(1)
}

mkdirSync(OUT, { recursive: true })
const databaseFile = freshDatabaseFile()
const server = await startShop(databaseFile)
const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
try {
  const shop = { url: server.url, productPath: productPaths(databaseFile) }
  if (!only) {
    // A page that is gone leaves no stale picture behind.
    for (const file of readdirSync(OUT)) if (file.endsWith('.png')) rmSync(path.join(OUT, file))
  }
  await photograph(browser, shop, visits)
  writeReadme()
} finally {
  await browser.close()
  await server.stop()
  rmSync(path.dirname(databaseFile), { recursive: true, force: true })
}
