// `npm run lighthouse`: Lighthouse (mobile) against the production build on a fresh demo
// database, in Debian's Chromium. Prints the four category scores for each page.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { buildShop, firstProductPath, freshDatabaseFile, startShop } from './support/shop-server'

const CHROMIUM = '/usr/bin/chromium'
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
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

buildShop()
const server = await startShop(freshDatabaseFile())
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS })
const results: Record<string, Record<string, number>> = {}
try {
  const pages = ['/', '/shop', await firstProductPath(server.url)]
  // A first Lighthouse run in a fresh Chromium profile is sometimes incomplete; discard it.
  await lighthouse(server.url, { port: chrome.port, output: 'json', logLevel: 'error' })
  for (const page of pages) {
    // Warm the server (first renders of images, code paths) before measuring.
    await fetch(server.url + page)
    const run = await lighthouse(server.url + page, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    })
    const categories = run?.lhr.categories ?? {}
    results[page] = Object.fromEntries(
      CATEGORIES.map((name) => [name, Math.round((categories[name]?.score ?? 0) * 100)]),
    )
    const failed = Object.values(run?.lhr.audits ?? {})
      .filter(
        (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary',
      )
      .map((audit) => audit.id)
    console.log(
      `${page.padEnd(60)} ${CATEGORIES.map((c) => `${c} ${results[page]?.[c]}`).join('  ')}`,
    )
    if (failed.length) console.log(`  failing audits: ${failed.join(', ')}`)
    const audits = run?.lhr.audits ?? {}
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ]
    console.log(`  ${metrics.map((id) => `${id} ${audits[id]?.displayValue ?? '?'}`).join(', ')}`)
    const opportunities = Object.values(audits)
      .filter((audit) => audit.details?.type === 'opportunity' && (audit.numericValue ?? 0) > 0)
      .map((audit) => `${audit.id} (${Math.round(audit.numericValue ?? 0)} ms)`)
    if (opportunities.length) console.log(`  opportunities: ${opportunities.join(', ')}`)
  }
} finally {
  chrome.kill()
  await server.stop()
}
