import { execFileSync } from 'node:child_process'
import type { Page } from '@playwright/test'

// Each test makes its own customer, so tests never share state.

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

export const PASSWORD = 'pasture-fresh-42'

export async function signUp(
  page: Page,
  user: { firstName?: string; lastName?: string; email: string; password?: string },
) {
  await page.goto('/signup')
  await page.getByLabel('First name').fill(user.firstName ?? 'Ann')
  await page.getByLabel('Last name').fill(user.lastName ?? 'Lee')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password ?? PASSWORD)
  await page.getByLabel('Confirm password').fill(user.password ?? PASSWORD)
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
  await page.getByRole('button', { name: 'Create Account' }).click()
  await page.waitForURL('**/account/profile')
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/signin')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

/** The admin CLI, exactly as a farmer runs it, against the database at `databaseUrl`. */
export function adminCliOn(databaseUrl: string, ...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  })
}

/** The admin CLI against the end-to-end server's database. */
export function adminCli(...args: string[]): string {
  return adminCliOn(`file:.cache/e2e-${process.env.E2E_PORT ?? 3100}/shop.db`, ...args)
}

/** A new admin account on the database at `databaseUrl`, made with the CLI. */
export function createAdmin(databaseUrl: string, email: string, password = PASSWORD): void {
  adminCliOn(databaseUrl, 'create', '--email', email, '--password', password, '--first', 'Ruth')
}

/** A fresh admin (made with the CLI, as a farmer would), signed in on this page; returns the email. */
export async function signInAsNewAdmin(page: Page, firstName = 'Ruth'): Promise<string> {
  const email = uniqueEmail('admin')
  adminCli('create', '--email', email, '--password', PASSWORD, '--first', firstName)
  await signIn(page, email)
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'))
  return email
}
