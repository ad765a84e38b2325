import SQLite from 'better-sqlite3'
import { expectNoAxeViolations } from './support/axe'
import { expect, type PrivateServer, test } from './support/private-server'

// Issue 18: a catalog larger than a page. On a private server (the shared one's demo catalog
// is asserted product by product elsewhere), 60 jars of preserves join the demo farm's Pantry,
// written straight to the database as an import would: the search index follows by itself.

const JARS = 60
const jarName = (i: number) => `Preserves Jar ${String(i).padStart(2, '0')}`

function addJars(server: PrivateServer) {
  const db = new SQLite(server.databaseFile)
  try {
    const insert = db.prepare(
      `insert into products (id, name, description, category, price_cents, unit, stock_quantity,
         is_available, created_at, updated_at)
       values (?, ?, ?, 'Pantry', ?, 'jar', 12, 1, ?, ?)`,
    )
    db.transaction(() => {
      for (let i = 0; i < JARS; i++) {
        const made = new Date(Date.UTC(2026, 0, 1 + i)).toISOString()
        // Jar 07 alone is made of quince; the last jar is the newest, jar 00 the dearest.
        const description = i === 7 ? 'Quince paste, set in a jar.' : 'Summer fruit preserves.'
        insert.run(`jar-${i}`, jarName(i), description, 2000 - i * 10, made, made)
      }
    })()
  } finally {
    db.close()
  }
}

function pager(page: import('@playwright/test').Page) {
  return page.getByRole('navigation', { name: 'Pagination' })
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ privateServer }) => {
  addJars(privateServer)
})

test('the shop pages through the catalog with links, and search engines see every page', async ({
  page,
  privateServer,
}) => {
  await page.goto('/shop')
  const grid = page.getByRole('list', { name: 'All products' })
  await expect(grid.getByRole('listitem')).toHaveCount(24)
  const summary = page.getByText(/^Showing 1–24 of \d+ products$/)
  await expect(summary).toBeVisible()
  const total = Number(/of (\d+)/.exec((await summary.textContent()) ?? '')?.[1])
  expect(total).toBeGreaterThan(JARS)
  const pages = Math.ceil(total / 24)

  await expect(pager(page).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expect(pager(page).getByRole('link', { name: 'Previous' })).toHaveCount(0)
  await expect(page.locator('link[rel="next"]')).toHaveAttribute(
    'href',
    `${privateServer.url}/shop?page=2`,
  )
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${privateServer.url}/shop`,
  )
  await expectNoAxeViolations(page)

  await pager(page).getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL('/shop?page=2')
  await expect(page.getByText(`Showing 25–48 of ${total} products`)).toBeVisible()
  await expect(page).toHaveTitle(/^Page 2 \| Shop \| /)
  await expect(page.locator('link[rel="prev"]')).toHaveAttribute(
    'href',
    `${privateServer.url}/shop`,
  )

  await pager(page)
    .getByRole('link', { name: `Page ${pages}` })
    .click()
  await expect(page).toHaveURL(`/shop?page=${pages}`)
  await expect(pager(page).getByRole('link', { name: 'Next' })).toHaveCount(0)
  await expect(page.locator('link[rel="next"]')).toHaveCount(0)

  // A page past the end (the catalog shrank since the link was made) shows the last one.
  await page.goto('/shop?page=400')
  await expect(pager(page).getByRole('link', { name: `Page ${pages}` })).toHaveAttribute(
    'aria-current',
    'page',
  )

  // A category pages on its own and starts at its first page.
  await page.goto('/shop?page=2')
  await page
    .getByRole('navigation', { name: 'Product categories' })
    .getByRole('link', { name: 'Pantry', exact: true })
    .click()
  await expect(page).toHaveURL('/shop?category=Pantry')
  await expect(
    page.getByRole('list', { name: 'Pantry products' }).getByRole('listitem'),
  ).toHaveCount(24)

  const sitemap = await (await page.request.get('/sitemap.xml')).text()
  expect(sitemap.match(/<loc>[^<]+\/product\/[^<]+<\/loc>/g)).toHaveLength(total)
})

test('search finds by name, category or description; sort orders by price or newest', async ({
  page,
}) => {
  await page.goto('/shop')
  const search = page.getByRole('search', { name: 'Products' })
  await search.getByLabel('Search products').fill('quince')
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL('/shop?q=quince&sort=name')
  await expect(page.getByRole('heading', { level: 2, name: jarName(7) })).toBeVisible()
  await expect(page.getByText('1 product matching “quince”')).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow')

  await search.getByLabel('Search products').fill('preserves jar')
  await search.getByLabel('Sort by').selectOption('Price: low to high')
  await search.getByRole('button', { name: 'Search' }).click()
  const grid = page.getByRole('list', { name: 'All products' })
  // The cheapest jar is the last one made.
  await expect(grid.getByRole('heading', { level: 2 }).first()).toHaveText(jarName(JARS - 1))
  await expect(
    page.getByText(`Showing 1–24 of ${JARS} products matching “preserves jar”`),
  ).toBeVisible()
  // The next page keeps the search and the order.
  await pager(page).getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL('/shop?q=preserves+jar&sort=price&page=2')
  await expect(grid.getByRole('heading', { level: 2 }).first()).toHaveText(jarName(JARS - 25))

  await search.getByLabel('Sort by').selectOption('Newest')
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL('/shop?q=preserves+jar&sort=newest')
  await expect(grid.getByRole('heading', { level: 2 }).first()).toHaveText(jarName(JARS - 1))

  // Search syntax is only text, and nothing found says so with a way back.
  await search.getByLabel('Search products').fill('"unicorn* OR NEAR(')
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('No products match “"unicorn* OR NEAR(”.')).toBeVisible()
  await page.getByRole('link', { name: 'Clear search' }).click()
  await expect(page).toHaveURL('/shop?sort=newest')
  await expectNoAxeViolations(page)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('search, sort and the page links work as plain HTML', async ({ page }) => {
    await page.goto('/shop?category=Pantry')
    const search = page.getByRole('search', { name: 'Products' })
    await search.getByLabel('Search products').fill('jar 0')
    await search.getByLabel('Sort by').selectOption('Newest')
    await search.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL('/shop?category=Pantry&q=jar+0&sort=newest')
    const grid = page.getByRole('list', { name: 'Pantry products' })
    // "0" finds the names with a word starting 0: jars 00 to 09, the newest first.
    await expect(grid.getByRole('heading', { level: 2 })).toHaveText(
      Array.from({ length: 10 }, (_, i) => jarName(9 - i)),
    )

    await page.goto('/shop?category=Pantry&sort=price')
    await pager(page).getByRole('link', { name: 'Page 2' }).click()
    await expect(page).toHaveURL('/shop?category=Pantry&sort=price&page=2')
    await expect(pager(page).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })
})
