import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

// The layout rule of the README's "Layout" section, checked on every import in app/.
// Domains are stacked: a module may import `platform/`, its own domain and the domains below
// it, never one above or beside it, and never the top (routes, shell, dashboard, storefront, seed, root).
// `flows/` sits above every domain: a process that changes several domains at once (placing an
// order, renewing a subscription) is a flow over the domains' own functions; no domain imports it.
// A domain's `admin/` screens may also use any domain's non-admin modules, because the
// back office combines them (This week lists orders; a customer's page shows their orders).
// Tests may import anything: arranging a scene often needs a higher domain or the seed.

const DOMAINS: string[][] = [
  ['settings'],
  ['farm'],
  ['email'],
  ['newsletter', 'messages', 'policies'],
  ['auth'],
  ['customers'],
  ['shares'],
  ['fulfilment'],
  ['subscriptions'],
  ['catalog'],
  ['waiting-list'],
  ['promotions'],
  ['cart'],
  ['orders'],
  ['payments'],
  ['checkout'],
  ['flows'],
]
const TOP = new Set([
  'routes',
  'routes.ts',
  'shell',
  'dashboard',
  'storefront',
  'seed',
  'root.tsx',
  'entry.server.tsx',
  'app.css',
])
const PLATFORM = 'platform'

const rank = new Map(DOMAINS.flatMap((row, index) => row.map((name) => [name, index] as const)))
const APP = path.resolve(import.meta.dirname)

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name)
    if (statSync(file).isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(name) ? [file] : []
  })
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"]([^'"\n]+)['"]/gm

/** The app-relative file an import names, or null for a package or a generated type. */
function target(file: string, specifier: string): string | null {
  const [bare = ''] = specifier.split('?')
  if (bare.includes('+types')) return null
  if (bare.startsWith('~/')) return bare.slice(2)
  if (bare.startsWith('.')) return path.relative(APP, path.resolve(path.dirname(file), bare))
  return null
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file)
const isAdmin = (parts: string[]) => parts[1] === 'admin'

/** Why `from` may not import `to` (both app-relative), or null when it may. */
function forbidden(from: string, to: string): string | null {
  const [fromTop = '', ...fromRest] = from.split('/')
  const [toTop = '', ...toRest] = to.split('/')
  if (to.startsWith('..')) return 'imports from outside app/'
  if (fromTop === toTop || TOP.has(fromTop)) return null
  if (TOP.has(toTop)) return `${toTop} is the top: nothing below imports it`
  if (toTop === PLATFORM) return null
  if (fromTop === PLATFORM) return `platform never imports a domain (${toTop})`
  const fromRank = rank.get(fromTop)
  const toRank = rank.get(toTop)
  if (fromRank === undefined) return `${fromTop} is not in the layout table`
  if (toRank === undefined) return `${toTop} is not in the layout table`
  if (toRank < fromRank) return null
  if (isAdmin([fromTop, ...fromRest]) && !isAdmin([toTop, ...toRest])) return null
  return toRank === fromRank ? `${toTop} sits beside ${fromTop}` : `${toTop} sits above ${fromTop}`
}

describe('the layout of app/', () => {
  const files = sourceFiles(APP).map((file) => path.relative(APP, file))

  test('every top folder is a platform, domain or top folder', () => {
    const tops = new Set(
      files.map((file) => file.split('/')[0] ?? '').filter((top) => !top.includes('.')),
    )
    const unknown = [...tops].filter((top) => top !== PLATFORM && !rank.has(top) && !TOP.has(top))
    expect(unknown).toEqual([])
  })

  test('no module imports upward or sideways', () => {
    const violations: string[] = []
    for (const file of files.filter((name) => !isTest(name))) {
      const source = readFileSync(path.join(APP, file), 'utf8')
      for (const [, specifier = ''] of source.matchAll(IMPORT)) {
        const to = target(path.join(APP, file), specifier)
        if (to === null) continue
        const why = forbidden(file, to)
        if (why) violations.push(`${file} imports ${specifier}: ${why}`)
      }
    }
    expect(violations).toEqual([])
  })

  test('admin code lives in an admin/ folder, not in admin-* files', () => {
    expect(files.filter((file) => path.basename(file).startsWith('admin-'))).toEqual([])
  })

  test('the rule refuses what it should', () => {
    expect(forbidden('cart/cart.server.ts', 'orders/place-order.ts')).toBe('orders sits above cart')
    expect(forbidden('messages/contact.ts', 'newsletter/newsletter.ts')).toBe(
      'newsletter sits beside messages',
    )
    expect(forbidden('platform/db/db.server.ts', 'catalog/stock.ts')).toMatch(/never imports/)
    expect(forbidden('catalog/products.server.ts', 'routes/api/image.ts')).toMatch(/the top/)
    expect(forbidden('fulfilment/admin/this-week.ts', 'orders/admin/orders.server.ts')).toBe(
      'orders sits above fulfilment',
    )
    expect(forbidden('fulfilment/admin/this-week.ts', 'orders/place-order.ts')).toBeNull()
    expect(forbidden('orders/place-order.server.ts', 'cart/pricing.ts')).toBeNull()
    expect(forbidden('flows/place-order.server.ts', 'cart/pricing.ts')).toBeNull()
    expect(forbidden('cart/cart.server.ts', 'flows/place-order.server.ts')).toBe(
      'flows sits above cart',
    )
  })
})
