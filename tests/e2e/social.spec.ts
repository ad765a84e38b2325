import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import Database from 'better-sqlite3'
import { type OidcAccount, startOidcProvider, type TestOidcProvider } from './support/oidc-provider'

// Social sign-in end to end: a real OpenID Connect provider on loopback, configured as the
// generic provider, and the production build on its own port and database with OIDC_* set,
// so the shared e2e server stays as a shop without any provider.

const PROVIDER_NAME = 'Test ID'

test.describe.configure({ mode: 'serial' })

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo
      server.close(() => resolve(address.port))
    })
  })
}

type App = { url: string; process: ChildProcess; logs: () => string; exited: Promise<unknown> }

async function startApp(port: number, env: Record<string, string>): Promise<App> {
  const url = `http://localhost:${port}`
  const child = spawn(process.execPath, ['build/host/server.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      BASE_URL: url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise((resolve) => child.on('exit', resolve))
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`)
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    if (Date.now() - started > 20_000) throw new Error(`server not ready:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { url, process: child, logs: () => output, exited }
}

let provider: TestOidcProvider
let app: App
let dataDir: string

test.beforeAll(async () => {
  // The provider must know the app's callback, and the app the provider's issuer.
  const port = await freePort()
  provider = await startOidcProvider({
    redirectUri: `http://localhost:${port}/api/auth/callback/oidc`,
  })
  dataDir = mkdtempSync(path.join(tmpdir(), 'farm-e2e-social-'))
  app = await startApp(port, {
    DATABASE_URL: `file:${path.join(dataDir, 'shop.db')}`,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_NAME: PROVIDER_NAME,
  })
})

test.afterAll(async () => {
  if (app) {
    app.process.kill('SIGTERM')
    await app.exited
  }
  await provider?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

test.afterEach(async () => {
  const testInfo = test.info()
  if (testInfo.status !== testInfo.expectedStatus && app) {
    await testInfo.attach('app server output', { body: app.logs(), contentType: 'text/plain' })
  }
})

function newAccount(givenName: string, familyName: string): OidcAccount {
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
  return {
    sub: `sub-${id}`,
    email: `${givenName.toLowerCase()}-${id}@example.com`,
    givenName,
    familyName,
  }
}

type CustomerRow = {
  id: string
  first_name: string
  last_name: string
  name: string
  email_verified: number
}

/** The app's own database, read directly: what the sign-in left behind. */
function customersWithEmail(email: string): CustomerRow[] {
  const db = new Database(path.join(dataDir, 'shop.db'), { readonly: true, fileMustExist: true })
  try {
    return db
      .prepare(
        'select id, first_name, last_name, name, email_verified from customers where email = ?',
      )
      .all(email) as CustomerRow[]
  } finally {
    db.close()
  }
}

function oidcAccountsOf(customerId: string): { account_id: string }[] {
  const db = new Database(path.join(dataDir, 'shop.db'), { readonly: true, fileMustExist: true })
  try {
    return db
      .prepare("select account_id from accounts where user_id = ? and provider_id = 'oidc'")
      .all(customerId) as { account_id: string }[]
  } finally {
    db.close()
  }
}

async function signOut(page: Page, givenName: string) {
  await page.getByRole('button', { name: `Account menu for ${givenName}` }).click()
  await page.getByRole('button', { name: 'Sign Out' }).first().click()
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible()
}

test('the provider buttons show only where a provider is configured', async ({ page }) => {
  await page.goto(`${app.url}/signin`)
  await expect(page.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` })).toBeVisible()
  await page.goto(`${app.url}/signup`)
  await expect(page.getByRole('button', { name: `Sign up with ${PROVIDER_NAME}` })).toBeVisible()

  // The shared e2e server has no Google, Apple or OpenID keys: no buttons at all.
  for (const [pathname, heading] of [
    ['/signin', 'Sign In'],
    ['/signup', 'Create Account'],
  ] as const) {
    await page.goto(pathname)
    await expect(page.getByRole('heading', { name: heading })).toBeVisible()
    await expect(page.getByRole('button', { name: /^Sign (in|up) with/ })).toHaveCount(0)
  }
})

test('sign in through the provider: back through the callback, signed in, names from the claims', async ({
  page,
}) => {
  const account = newAccount('Hazel', 'Meadowcroft')
  provider.signInAs(account)
  await page.goto(`${app.url}/signin`)

  const visited: string[] = []
  page.on('request', (request) => {
    if (request.isNavigationRequest()) visited.push(request.url())
  })
  await page.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` }).click()
  await expect(page).toHaveURL(`${app.url}/`)
  await expect(page.getByRole('button', { name: 'Account menu for Hazel' })).toBeVisible()
  const paths = visited.map((url) => new URL(url))
  expect(paths.some((url) => url.origin === provider.issuer)).toBe(true)
  expect(paths.some((url) => url.href.startsWith(`${app.url}/api/auth/callback/oidc?`))).toBe(true)
  expect(paths.some((url) => url.href.startsWith(`${app.url}/auth/callback?`))).toBe(true)

  await page.goto(`${app.url}/account/profile`)
  await expect(page.getByLabel('First name')).toHaveValue('Hazel')
  await expect(page.getByLabel('Last name')).toHaveValue('Meadowcroft')
  await expect(page.getByRole('complementary', { name: 'Account' })).toContainText(
    'Hazel Meadowcroft',
  )
  await expect(page.getByRole('complementary', { name: 'Account' })).toContainText(account.email)

  const customers = customersWithEmail(account.email)
  expect(customers).toHaveLength(1)
  expect(customers[0]).toMatchObject({
    first_name: 'Hazel',
    last_name: 'Meadowcroft',
    name: 'Hazel Meadowcroft',
    email_verified: 1,
  })
})

test('where the shopper was going survives the round trip', async ({ page }) => {
  provider.signInAs(newAccount('Rowan', 'Hedges'))
  await page.goto(`${app.url}/account/orders`)
  await expect(page).toHaveURL(`${app.url}/signin?redirect=%2Faccount%2Forders`)
  await page.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` }).click()
  await expect(page).toHaveURL(`${app.url}/account/orders`)
  await expect(page.getByRole('button', { name: 'Account menu for Rowan' })).toBeVisible()
})

test('a refusal at the provider ends on the failure message, signed out', async ({ page }) => {
  const account = newAccount('Ivy', 'Thorne')
  provider.signInAs(account)
  provider.denyNext()
  await page.goto(`${app.url}/signin`)
  await page.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` }).click()
  await expect(page).toHaveURL(/\/auth\/callback\?.*failed=1.*error=access_denied/)
  await expect(page.getByRole('alert')).toHaveText(
    `Failed to sign in with ${PROVIDER_NAME}. Please try again.`,
  )
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible()
  expect(customersWithEmail(account.email)).toEqual([])

  // Trying again works.
  await page.getByRole('link', { name: 'Back to Sign In' }).click()
  await page.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` }).click()
  await expect(page.getByRole('button', { name: 'Account menu for Ivy' })).toBeVisible()
})

test('signing up and later signing in with the same provider account is one customer', async ({
  page,
}) => {
  const account = newAccount('Bramble', 'Oakes')
  provider.signInAs(account)
  await page.goto(`${app.url}/signup`)
  await page.getByRole('button', { name: `Sign up with ${PROVIDER_NAME}` }).click()
  await expect(page.getByRole('button', { name: 'Account menu for Bramble' })).toBeVisible()
  const [first] = customersWithEmail(account.email)
  expect(first).toBeDefined()
  await signOut(page, 'Bramble')

  await page.goto(`${app.url}/signin`)
  await page.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` }).click()
  await expect(page.getByRole('button', { name: 'Account menu for Bramble' })).toBeVisible()

  const customers = customersWithEmail(account.email)
  expect(customers).toHaveLength(1)
  expect(customers[0]?.id).toBe(first?.id)
  expect(oidcAccountsOf(first?.id ?? '')).toEqual([{ account_id: account.sub }])
})
