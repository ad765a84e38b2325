import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { linksIn, listMail, waitForMail } from './support/mailbox'
import { adminCli, PASSWORD, signIn, signUp, uniqueEmail } from './support/users'

test('sign up, sign out, a wrong password, then sign in and land where you were going', async ({
  page,
}) => {
  const email = uniqueEmail('journey')
  await signUp(page, { firstName: 'Maggie', lastName: 'Field', email })
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'Account' })).toContainText('Maggie Field')
  await expect(page.getByRole('complementary', { name: 'Account' })).toContainText(email)

  const welcome = await waitForMail(email, /Welcome/)
  expect(welcome.text).toContain('Maggie')

  await page.getByRole('button', { name: 'Account menu for Maggie' }).click()
  await page.getByRole('button', { name: 'Sign Out' }).first().click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible()

  await page.goto('/account/orders?page=1')
  await expect(page).toHaveURL(/\/signin\?redirect=%2Faccount%2Forders%3Fpage%3D1$/)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'Failed to sign in. Please check your credentials and try again.',
  )
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).toHaveURL(/\/account\/orders\?page=1$/)
})

test('sign-up rules: live messages and a disabled button until they pass', async ({ page }) => {
  await page.goto('/signup')
  const submit = page.getByRole('button', { name: 'Create Account' })
  await expect(submit).toBeDisabled()
  await page.getByLabel('Password', { exact: true }).fill('short')
  await expect(page.getByText('Password must be at least 8 characters long.')).toBeVisible()
  await page.getByLabel('Password', { exact: true }).fill('long enough')
  await page.getByLabel('Confirm password').fill('long enougX')
  await expect(page.getByText('Passwords do not match.')).toBeVisible()
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').uncheck()
  await expect(
    page.getByText('Please accept the terms of service and privacy policy.'),
  ).toBeVisible()
  await expect(submit).toBeDisabled()
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('sign up and sign in work as plain forms, errors next to fields', async ({ page }) => {
    await page.goto('/signup')
    await page.getByLabel('First name').fill('Tom')
    await page.getByLabel('Last name').fill('Field')
    await page.getByLabel('Email').fill('not-an-email')
    await page.getByLabel('Password', { exact: true }).fill('short')
    await page.getByLabel('Confirm password').fill('short')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page.getByText('Please enter a valid email address')).toBeVisible()
    await expect(page.getByText('Password must be at least 8 characters long.')).toBeVisible()
    await expect(
      page.getByText('Please accept the terms of service and privacy policy.'),
    ).toBeVisible()

    const email = uniqueEmail('nojs')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirm password').fill(PASSWORD)
    await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page).toHaveURL(/\/account\/profile$/)

    await page.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page).toHaveURL(/\/$/)
    await signIn(page, email)
    await expect(page).toHaveURL(/\/$/)
    // Without JavaScript the account menu is a native disclosure (<details>).
    await expect(page.locator('summary', { hasText: 'Account menu for Tom' })).toBeVisible()
  })
})

test('forgot password: a real email, a one-time link, the new password works', async ({ page }) => {
  const email = uniqueEmail('reset')
  await signUp(page, { email })
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('button', { name: 'Sign Out' }).first().click()
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible()

  await page.goto('/signin')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  const dialog = page.getByRole('dialog', { name: 'Reset Password' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Email')).toHaveValue(email)
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(dialog.getByRole('status')).toHaveText(
    'Password reset email sent! Please check your inbox.',
  )

  const mail = await waitForMail(email, /Reset your password/i)
  const link = linksIn(mail).find((href) => href.includes('/reset-password?token='))
  expect(link).toBeTruthy()
  await page.goto(link ?? '')
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-secret')
  await page.getByLabel('Confirm new password').fill('a-brand-new-secret')
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByRole('status')).toHaveText('Password updated successfully!')
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0)

  // One time only.
  await page.goto(link ?? '')
  await expect(page.getByRole('alert')).toHaveText(
    'Invalid password reset link. Please request a new password reset email.',
  )

  await signIn(page, email, PASSWORD)
  await expect(page.getByRole('alert')).toBeVisible()
  await signIn(page, email, 'a-brand-new-secret')
  await expect(page).toHaveURL(/\/$/)
})

test('an unknown address gets the same answer and no email', async ({ page }) => {
  const email = uniqueEmail('nobody')
  await page.goto('/signin?forgot=1')
  const dialog = page.getByRole('dialog', { name: 'Reset Password' })
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(dialog.getByRole('status')).toHaveText(
    'Password reset email sent! Please check your inbox.',
  )
  await page.waitForTimeout(3_000)
  expect((await listMail()).filter((mail) => mail.to.includes(email))).toEqual([])
})

test('a forged or missing reset link is refused', async ({ page }) => {
  for (const path of ['/reset-password?token=forged-token-123', '/reset-password']) {
    await page.goto(path)
    await expect(page.getByRole('alert')).toHaveText(
      'Invalid password reset link. Please request a new password reset email.',
    )
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0)
  }
})

test('route guards: customers are sent home from /admin; signed-in users from /signin', async ({
  page,
}) => {
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/$/)
  await signUp(page, { email: uniqueEmail('guard') })
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/signin')
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/account')
  await expect(page).toHaveURL(/\/account\/profile$/)
})

test('repeated wrong passwords get the too-many-attempts answer', async ({ page }) => {
  const email = uniqueEmail('limited')
  await signUp(page, { email })
  await page.context().clearCookies()
  for (let attempt = 0; attempt < 5; attempt++) {
    await signIn(page, email, `wrong-${attempt}-password`)
    await expect(page.getByRole('alert')).toHaveText(
      'Failed to sign in. Please check your credentials and try again.',
    )
  }
  const response = page.waitForResponse(
    (r) => r.url().includes('/signin') && r.request().method() === 'POST',
  )
  await signIn(page, email, PASSWORD)
  expect((await response).status()).toBe(429)
  await expect(page.getByRole('alert')).toHaveText(
    'Too many attempts. Please wait a minute and try again.',
  )
})

test('remember me: a lasting cookie when ticked, a browser-session cookie when not', async ({
  browser,
}) => {
  const email = uniqueEmail('remember')
  const first = await browser.newPage()
  await signUp(first, { email })
  await first.close()

  for (const remember of [false, true]) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto('/signin')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    if (remember) await page.getByLabel('Remember me').check()
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page).toHaveURL(/\/$/)
    const cookie = (await context.cookies()).find((c) => c.name.endsWith('session_token'))
    expect(cookie?.httpOnly).toBe(true)
    expect(cookie?.sameSite).toBe('Lax')
    if (remember) expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 7 * 86400)
    else expect(cookie?.expires).toBe(-1)
    await context.close()
  }
})

test('the admin CLI makes an admin, who sees Admin Dashboard in the account menu', async ({
  page,
}) => {
  const email = uniqueEmail('farmer')
  expect(adminCli('create', '--email', email, '--password', PASSWORD, '--first', 'Ruth')).toContain(
    `Created administrator ${email}.`,
  )
  await signIn(page, email)
  await page.getByRole('button', { name: 'Account menu for Ruth' }).click()
  await page.getByRole('link', { name: 'Admin Dashboard' }).click()
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()

  // Another admin first: the CLI refuses to remove the shop's last admin, and tests run in
  // any order on a fresh database.
  adminCli('create', '--email', uniqueEmail('other-admin'), '--password', PASSWORD)
  expect(adminCli('revoke', email)).toContain('is no longer an administrator')
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/$/)
})
