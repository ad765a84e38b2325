// How the fuzz tests (tests/e2e/fuzz-admins.spec.ts) look for stored markup: pages and emails
// parsed or opened in Chromium, and CSV exports read as a spreadsheet would.
import type { Browser, Page } from '@playwright/test'
import type { CookieJar } from './fuzz-inputs'
import type { FuzzServer } from './fuzz-server'

/** Runs in the page: everything on it that came from a payload, or could run script. */
export function findInjected(): string[] {
  const problems: string[] = []
  const show = (element: Element) => element.outerHTML.slice(0, 160)
  for (const element of document.querySelectorAll('[data-fz]'))
    problems.push(`an element made from a payload: ${show(element)}`)
  for (const element of document.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      if (/^on/i.test(attribute.name))
        problems.push(`an inline ${attribute.name} handler: ${show(element)}`)
      if (
        /^(href|src|action|formaction|srcdoc|xlink:href)$/i.test(attribute.name) &&
        /^\s*(javascript|vbscript|data:text\/html)/i.test(attribute.value)
      )
        problems.push(`a script URL in ${attribute.name}: ${show(element)}`)
    }
  }
  for (const script of document.querySelectorAll('script')) {
    if (!script.nonce) problems.push(`a script without the page's nonce: ${show(script)}`)
    if (script.type === 'application/ld+json') {
      try {
        JSON.parse(script.textContent ?? '')
      } catch {
        problems.push(`JSON-LD that does not parse: ${show(script)}`)
      }
    }
  }
  const hits = (window as unknown as { __xssHits?: unknown[] }).__xssHits ?? []
  if (hits.length) problems.push(`payloads ran: ${hits.join(', ')}`)
  return problems
}

export async function signedInPage(
  browser: Browser,
  server: FuzzServer,
  jar: CookieJar,
): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url })
  await context.addCookies(jar.all().map((cookie) => ({ ...cookie, url: server.url })))
  await context.addInitScript(() => {
    const record = window as unknown as { __xssHits: unknown[]; __xss: (n: unknown) => void }
    record.__xssHits = []
    record.__xss = (n) => record.__xssHits.push(n)
  })
  // Pictures are resized on first request: costly, and nothing in them runs.
  await context.route('**/images/**', (route) => route.abort())
  const page = await context.newPage()
  page.on('dialog', (dialog) => {
    void page.evaluate((text) => {
      ;(window as unknown as { __xssHits: unknown[] }).__xssHits.push(`dialog ${text}`)
    }, dialog.message())
    void dialog.dismiss()
  })
  return page
}

/** Opens each page in Chromium as its reader would (scripts on), and checks what is on it. */
export async function checkLive(page: Page, paths: string[]): Promise<string[]> {
  const problems: string[] = []
  for (const path of paths) {
    const response = await page.goto(path, { waitUntil: 'load' })
    const status = response?.status() ?? 0
    if (status >= 500) problems.push(`${path}: answered ${status}`)
    for (const problem of await page.evaluate(findInjected)) problems.push(`${path}: ${problem}`)
  }
  return problems
}

/** A Chromium page that parses HTML it is given, runs none of it and loads nothing: quick
 * enough for every page and email, and what it finds is what a browser would build. */
export async function htmlChecker(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false })
  await context.route('**/*', (route) => route.abort())
  const page = await context.newPage()
  return async (label: string, html: string): Promise<string[]> => {
    await page.setContent(html, { waitUntil: 'domcontentloaded' })
    return (await page.evaluate(findInjected)).map((problem) => `${label}: ${problem}`)
  }
}

/** Every page in `paths` as the holder of `jar` gets it (a few at a time), parsed by `check`. */
export async function checkServed(
  server: FuzzServer,
  jar: CookieJar,
  paths: string[],
  check: (label: string, html: string) => Promise<string[]>,
): Promise<string[]> {
  const problems: string[] = []
  const pages: Array<{ path: string; status: number; html: string }> = []
  let next = 0
  const fetcher = async () => {
    while (next < paths.length) {
      const path = paths[next++] as string
      const response = await fetch(`${server.url}${path}`, {
        headers: { cookie: jar.header() },
        redirect: 'manual',
      })
      pages.push({ path, status: response.status, html: await response.text() })
    }
  }
  await Promise.all([fetcher(), fetcher(), fetcher()])
  for (const { path, status, html } of pages) {
    if (status >= 500) problems.push(`${path}: answered ${status}`)
    problems.push(...(await check(path, html)))
  }
  return problems
}

/** Cells of a CSV export that a spreadsheet would run as a formula. */
export function formulaCells(csv: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < csv.length; i++) {
    const char = csv[i]
    if (quoted) {
      if (char === '"' && csv[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',' || char === '\n') {
      cells.push(cell.replace(/\r$/, ''))
      cell = ''
    } else cell += char
  }
  return cells.filter((text) => /^[=+@\t\r]/.test(text) || /^-(?!\d+(\.\d+)?$)/.test(text))
}
