import { expect, test } from '@playwright/test'

test('healthz answers when the database does', async ({ request }) => {
  const response = await request.get('/healthz')
  expect(response.status()).toBe(200)
  expect(await response.json()).toEqual({ status: 'ok', database: 'sqlite' })
})

test('security headers on every response, and no X-Powered-By', async ({ request }) => {
  for (const path of ['/', '/healthz', '/favicon.svg', '/no-such-page']) {
    const response = await request.get(path)
    const headers = response.headers()
    expect(headers['x-content-type-options'], path).toBe('nosniff')
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
    expect(headers['x-frame-options'], path).toBe('DENY')
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'")
    expect(headers['x-powered-by'], path).toBeUndefined()
    expect(headers['x-request-id'], path).toBeTruthy()
  }
})

test('scripts carry the per-response CSP nonce', async ({ request }) => {
  const first = await request.get('/')
  const second = await request.get('/')
  const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1]
  const nonce = nonceOf(first.headers()['content-security-policy'])
  expect(nonce).toBeTruthy()
  expect(nonce).not.toBe(nonceOf(second.headers()['content-security-policy']))
  const html = await first.text()
  const scripts = html.match(/<script\b[^>]*>/g) ?? []
  expect(scripts.length).toBeGreaterThan(0)
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
})

test('hashed assets are cached for good, pages stay private; pages are compressed', async ({
  request,
}) => {
  const home = await request.get('/', { headers: { 'Accept-Encoding': 'gzip' } })
  expect(home.headers()['content-encoding']).toBe('gzip')
  const html = await home.text()
  // Read from the served HTML: after hydration React may drop the preload links from the DOM.
  const script = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
  expect(script).toBeTruthy()
  const asset = await request.get(script ?? '')
  expect(asset.headers()['cache-control']).toContain('immutable')
  // Pages and their data are the shopper's own: never kept by a shared cache.
  expect(home.headers()['cache-control']).toBe('private, no-cache')
  const data = await request.get('/shop.data')
  expect(data.headers()['cache-control']).toBe('private, no-cache')
  expect((await request.get('/robots.txt')).headers()['cache-control']).toBe(
    'public, max-age=86400',
  )
  // The stylesheet is inlined (one round trip less before the first paint).
  expect(html).toMatch(/<style>[^<]*--color-pasture/)
})

test('the two faces come from our own hashed assets, preloaded, and the page uses them', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text()
  const fontLinks = html.match(/<link [^>]*as="font"[^>]*>/g) ?? []
  for (const link of fontLinks) {
    expect(link).toContain('rel="preload"')
    expect(link).toContain('type="font/woff2"')
    // Fonts are fetched in CORS mode; a preload without crossorigin would be fetched twice.
    expect(link).toContain('crossorigin="anonymous"')
  }
  const preloads = fontLinks.map((link) => /href="(\/assets\/[^"]+\.woff2)"/.exec(link)?.[1] ?? '')
  expect(preloads).toHaveLength(2)
  for (const href of preloads) {
    const font = await request.get(href)
    expect(font.status(), href).toBe(200)
    expect(font.headers()['content-type'], href).toBe('font/woff2')
    expect(font.headers()['cache-control'], href).toContain('immutable')
    // The preload is only reused if the stylesheet names the very same file.
    expect(html, href).toContain(`url(${href})`)
  }

  const refused: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text())
  })
  await page.goto('/')
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready
    return {
      // check() also answers true for a family with no @font-face at all: ask what loaded.
      // The local look-alikes shown until then ("… fallback") may have loaded too.
      families: [...document.fonts]
        .filter((face) => face.status === 'loaded')
        .map((face) => face.family.replaceAll('"', ''))
        .filter((family) => !family.endsWith(' fallback')),
      body: getComputedStyle(document.body).fontFamily,
    }
  })
  expect(loaded.families.sort()).toEqual(['Fraunces', 'Source Sans 3'])
  expect(loaded.body).toMatch(/^"Source Sans 3"/)
  expect(refused).toEqual([])
})

test('nothing below the header moves when the fonts arrive late, on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  // A slow connection: the page paints in the local fallback faces, then swaps.
  await page.route('**/*.woff2', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  await page.addInitScript(() => {
    const moved: string[] = []
    Object.assign(window, { moved })
    new PerformanceObserver((list) => {
      // A LayoutShift entry; TypeScript's DOM types do not have it yet.
      type Shift = PerformanceEntry & { sources: { node: Node | null }[] }
      for (const entry of list.getEntries() as Shift[]) {
        for (const { node } of entry.sources) {
          const element = node instanceof Element ? node : node?.parentElement
          if (element && !element.closest('header')) moved.push(element.outerHTML.slice(0, 80))
        }
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto('/')
  const moved = await page.evaluate(async () => {
    await document.fonts.ready
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    return (window as unknown as { moved: string[] }).moved
  })
  // Both faces did arrive late, so the swap happened on this page.
  expect(
    await page.evaluate(
      () => [...document.fonts].filter((face) => face.status === 'loaded').length,
    ),
  ).toBeGreaterThanOrEqual(2)
  expect(moved).toEqual([])
})

test('scripts as the build compressed them, without the page headers', async ({ request }) => {
  const html = await (await request.get('/')).text()
  const script = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? ''
  const asset = await request.get(script, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
  const headers = asset.headers()
  expect(headers['content-encoding']).toBe('br')
  expect(headers.vary).toBe('Accept-Encoding')
  expect(headers['content-type']).toMatch(/javascript/)
  expect(headers['x-content-type-options']).toBe('nosniff')
  for (const name of ['content-security-policy', 'x-frame-options', 'x-request-id']) {
    expect(headers[name], name).toBeUndefined()
  }
  const gzip = await request.get(script, { headers: { 'Accept-Encoding': 'gzip' } })
  expect(gzip.headers()['content-encoding']).toBe('gzip')
  expect(await gzip.text()).toBe(await asset.text())
})

test('forms validate in the browser without breaking the CSP (zod without eval)', async ({
  page,
}) => {
  // A refused eval that the script catches logs nothing to the console; the browser still fires
  // the event (and Lighthouse counts it as an issue).
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { cspViolations: seen })
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`),
    )
  })
  // The schemas are built when their modules load, and used again on submit.
  await page.goto('/contact', { waitUntil: 'networkidle' })
  const form = page.getByRole('form', { name: 'Send Us a Message' })
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(form.getByText('Name is required')).toBeVisible()
  expect(await page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations)).toEqual(
    [],
  )
})

test('pages without a form the browser checks load no form library', async ({ request }) => {
  // zod is 22 KB on the wire: a shop page gets it by importing, for a word list, a module
  // that also builds a schema (Home once did, through the season months).
  const shop = await (await request.get('/shop')).text()
  const product = /href="(\/product\/[^"?]+)"/.exec(shop)?.[1] ?? ''
  expect(product).not.toBe('')
  const withZod: string[] = []
  for (const path of ['/', '/shop', product, '/about', '/grass-fed-beef']) {
    const html = await (await request.get(path)).text()
    const scripts = [...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/g)]
    expect(scripts.length, path).toBeGreaterThan(2)
    for (const [, script = ''] of scripts) {
      if ((await (await request.get(script)).text()).includes('ZodError'))
        withZod.push(`${path}: ${script}`)
    }
  }
  expect(withZod).toEqual([])
})

test('a state-changing request from another origin is refused', async ({ request }) => {
  const foreign = await request.post('/', {
    headers: { Origin: 'https://evil.example' },
    form: { anything: '1' },
  })
  expect(foreign.status()).toBe(403)
  const own = await request.post('/no-such-page', {
    headers: { Origin: new URL(test.info().project.use.baseURL ?? '').origin },
    form: { anything: '1' },
  })
  expect(own.status()).not.toBe(403)
})

test('methods other than GET, HEAD and POST get 405 and never reach a form action', async ({
  request,
}) => {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin
  for (const method of ['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE']) {
    for (const path of ['/', '/cart']) {
      const response = await request.fetch(path, {
        method,
        headers: { Origin: origin },
        ...(method === 'TRACE' ? {} : { form: { intent: 'clear' } }),
      })
      expect(response.status(), `${method} ${path}`).toBe(405)
      expect(response.headers().allow).toBe('GET, HEAD, POST')
    }
  }
})

test('/metrics is for a scraper with the token: requests by route, orders, outbox', async ({
  request,
}) => {
  await request.get('/shop')
  expect((await request.get('/metrics')).status()).toBe(401)
  expect(
    (
      await request.get('/metrics', { headers: { Authorization: 'Bearer wrong-token-0123456789' } })
    ).status(),
  ).toBe(401)
  const response = await request.get('/metrics', {
    headers: { Authorization: 'Bearer e2e-metrics-token-0123456789' },
  })
  expect(response.status()).toBe(200)
  expect(response.headers()['cache-control']).toBe('no-store')
  const text = await response.text()
  expect(text).toMatch(/farm_http_requests_total\{method="GET",route="\/shop",status="2xx"\} \d+/)
  expect(text).toContain('# TYPE farm_http_request_duration_seconds histogram')
  expect(text).toContain('# TYPE farm_orders gauge')
  expect(text).toContain('# TYPE farm_email_outbox gauge')
  expect(text).toMatch(/farm_process_resident_memory_bytes \d+/)
})
