import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import Database from 'better-sqlite3'
import { signUp, uniqueEmail } from './support/users'

// Client error reports (D15) and the global error toasts (spec section 8), end to end.
// Serial, in this order: every request here comes from 127.0.0.1 and shares one rate limit
// (30 a minute), so the test that uses it up runs last.
test.describe.configure({ mode: 'serial' })

const DB_FILE = `.cache/e2e-${process.env.E2E_PORT ?? 3100}/shop.db`

/** Rows the server stored, read straight from the end-to-end server's database. */
function storedReports(message: string) {
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true })
  try {
    return db
      .prepare(
        'select level, message, stack_trace, url, user_agent, customer_id from error_reports where message = ?',
      )
      .all(message) as {
      level: string
      message: string
      stack_trace: string | null
      url: string | null
      user_agent: string | null
      customer_id: string | null
    }[]
  } finally {
    db.close()
  }
}

const unique = (label: string) => `${label} ${Date.now()}-${Math.random().toString(36).slice(2)}`

function toasts(page: Page) {
  return page.getByRole('region', { name: 'Notifications' })
}

/**
 * Runs `fault` in the page until the reporter is listening (it starts once React has
 * hydrated) and the toast titled `title` shows.
 */
async function causeUntilToast(page: Page, fault: () => Promise<unknown>, title: string) {
  await expect(async () => {
    await fault()
    await expect(toasts(page).getByText(title, { exact: true })).toBeVisible({ timeout: 500 })
  }).toPass({ timeout: 10_000 })
}

test.describe('POST /api/errors', () => {
  test('a valid batch is stored and answered 204', async ({ request }) => {
    const message = unique('api report')
    const response = await request.post('/api/errors', {
      data: [
        { level: 'warning', message, url: 'http://localhost/shop', context: { kind: 'network' } },
      ],
      headers: { 'User-Agent': 'E2E/1.0' },
    })
    expect(response.status()).toBe(204)
    expect(storedReports(message)).toEqual([
      {
        level: 'warning',
        message,
        stack_trace: null,
        url: 'http://localhost/shop',
        user_agent: 'E2E/1.0',
        customer_id: null,
      },
    ])
  })

  test('bad input is a 400 with a clear message; nothing is stored', async ({ request }) => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ message: `eleven ${i}` }))
    const cases: [Buffer | object, string][] = [
      [eleven, 'Invalid error report batch: a batch holds at most 10 reports.'],
      [
        [{ message: 'm'.repeat(1001) }],
        'Invalid error report batch: 0.message: message must be at most 1000 characters.',
      ],
      // A Buffer goes as it is; a string would be sent JSON-encoded.
      [Buffer.from('{"not": "finished"'), 'The request body is not valid JSON.'],
      [
        Buffer.from('"just a string"'),
        'Invalid error report batch: expected a JSON array of error reports.',
      ],
    ]
    for (const [data, error] of cases) {
      const response = await request.post('/api/errors', {
        data,
        headers: { 'Content-Type': 'application/json' },
      })
      expect(response.status()).toBe(400)
      expect(await response.json()).toEqual({ error })
    }
    expect(storedReports('eleven 0')).toEqual([])
  })

  test('a body over 64 KiB is a 413', async ({ request }) => {
    const response = await request.post('/api/errors', {
      data: [{ message: 'huge', stack: 'x'.repeat(70_000) }],
    })
    expect(response.status()).toBe(413)
  })

  test('a report from another origin is refused', async ({ request }) => {
    const response = await request.post('/api/errors', {
      data: [{ message: 'forged' }],
      headers: { Origin: 'https://evil.example' },
    })
    expect(response.status()).toBe(403)
    expect(storedReports('forged')).toEqual([])
  })

  test('GET is a 405', async ({ request }) => {
    const response = await request.get('/api/errors')
    expect(response.status()).toBe(405)
    expect(response.headers().allow).toBe('POST')
  })
})

test.describe('global error toasts', () => {
  test('an uncaught error shows "Application Error" and is reported', async ({ page }) => {
    await page.goto('/')
    const message = unique('boom')
    const reported = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/errors') &&
        (response.request().postData() ?? '').includes(message),
    )
    await causeUntilToast(
      page,
      () =>
        page.evaluate((text) => {
          setTimeout(() => {
            throw new Error(text)
          })
        }, message),
      'Application Error',
    )
    const toast = toasts(page).getByRole('alert')
    await expect(toast).toContainText('Application Error')
    await expect(
      toast.getByText('Something went wrong. The error has been logged.', { exact: true }),
    ).toBeVisible()

    const response = await reported
    expect(response.status()).toBe(204)
    const body = response.request().postDataJSON() as { message: string; context: object }[]
    expect(body).toEqual([
      expect.objectContaining({
        level: 'error',
        message,
        context: expect.objectContaining({ kind: 'application', source: 'window.error' }),
      }),
    ])
    const [row] = storedReports(message)
    expect(row).toMatchObject({ level: 'error', customer_id: null })
    expect(row?.url).toMatch(/\/$/)
    expect(row?.stack_trace).toContain(message)
    expect(row?.user_agent).toContain('Chrome')
  })

  test('an unhandled rejection shows "Network Error"; the close button closes it', async ({
    page,
  }) => {
    await page.goto('/')
    const message = unique('rejected')
    const reported = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/errors') && (request.postData() ?? '').includes(message),
    )
    await causeUntilToast(
      page,
      () =>
        page.evaluate((text) => {
          void Promise.reject(new TypeError(text))
        }, message),
      'Network Error',
    )
    await expect(
      toasts(page).getByText('A network request failed. Please check your connection.', {
        exact: true,
      }),
    ).toBeVisible()
    expect((await reported).postDataJSON()).toEqual([
      expect.objectContaining({
        message,
        context: expect.objectContaining({ source: 'unhandledrejection', name: 'TypeError' }),
      }),
    ])

    await toasts(page).getByRole('button', { name: 'Dismiss notification' }).click()
    await expect(toasts(page).getByText('Network Error')).toBeHidden()
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  test('toasts leave by themselves: 8 s for an application error, 6 s for a network error', async ({
    page,
  }) => {
    // Time stands still from here on, except when a test moves it.
    await page.clock.install({ time: new Date('2026-11-21T10:00:00Z') })
    await page.goto('/')
    await page.clock.pauseAt(new Date('2026-11-21T10:01:00Z'))
    await causeUntilToast(
      page,
      () =>
        page.evaluate((text) => {
          void Promise.reject(new Error(text))
        }, unique('timed rejection')),
      'Network Error',
    )
    // Not setTimeout: under the fake clock an error thrown in a timer escapes from runFor.
    await page.evaluate((text) => {
      queueMicrotask(() => {
        throw new Error(text)
      })
    }, unique('timed error'))
    await page.clock.runFor(1)
    const network = toasts(page).getByText('Network Error', { exact: true })
    const application = toasts(page).getByText('Application Error', { exact: true })
    await expect(application).toBeVisible()
    // The network toast appeared first; both count from when they appeared.
    await page.clock.runFor(5_500)
    await expect(network).toBeVisible()
    await page.clock.runFor(1_000)
    await expect(network).toBeHidden()
    await expect(application).toBeVisible()
    await page.clock.runFor(2_000)
    await expect(application).toBeHidden()
  })

  test('the page has no axe violations with a toast showing', async ({ page }) => {
    await page.goto('/')
    await causeUntilToast(
      page,
      () =>
        page.evaluate((text) => {
          setTimeout(() => {
            throw new Error(text)
          })
        }, unique('axe')),
      'Application Error',
    )
    const results = await new AxeBuilder({ page }).analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })

  test("a signed-in customer's report carries the customer", async ({ page }) => {
    const email = uniqueEmail('reporter')
    await signUp(page, { email })
    const message = unique('customer boom')
    const reported = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/errors') &&
        (response.request().postData() ?? '').includes(message),
    )
    await causeUntilToast(
      page,
      () =>
        page.evaluate((text) => {
          setTimeout(() => {
            throw new Error(text)
          })
        }, message),
      'Application Error',
    )
    expect((await reported).status()).toBe(204)
    const [row] = storedReports(message)
    expect(row?.customer_id).toBeTruthy()
  })
})

test('more than 30 requests a minute from one address get 429', async ({ request }) => {
  let status = 0
  for (let i = 0; i < 40 && status !== 429; i++) {
    const response = await request.post('/api/errors', { data: [{ message: `flood ${i}` }] })
    status = response.status()
    if (status === 429) expect(response.headers()['retry-after']).toBe('60')
    else expect(status).toBe(204)
  }
  expect(status).toBe(429)
})
