import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/private-server'

// Issue 17, the parts that change what the whole shop shows, on a private server: the farm
// edits a policy, and a 60-character farm name in the header.

test('an admin edits a policy under Content; blank text is refused; the default comes back', async ({
  page,
  privateServer,
}) => {
  await privateServer.signInAsNewAdmin(page)
  await page.goto('/admin/content')
  await page.getByRole('link', { name: 'Policies' }).click()
  await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible()
  await page
    .getByRole('navigation', { name: 'Policy pages' })
    .getByRole('link', { name: 'Refunds' })
    .click()
  await expect(page).toHaveURL(/\/admin\/content\/policies\/refunds$/)
  await expect(page.getByRole('heading', { name: 'Refunds', level: 1 })).toBeVisible()
  const text = page.getByLabel('Policy text')
  await expect(text).toHaveValue(/\{farm\}/)
  await expectNoAxeViolations(page)

  await text.fill('')
  await page.getByRole('button', { name: 'Save Policy' }).click()
  await expect(text).toHaveAccessibleDescription('Enter the policy text.')

  await text.fill(
    '## Our promise\nTell {farm} within a week and we make it right.\n\n- Replaced\n- Or refunded',
  )
  await page.getByRole('button', { name: 'Save Policy' }).click()
  await expect(page.getByText('Refunds saved.')).toBeVisible()
  const audit = privateServer.queryOne<{ action: string }>(
    "select action from audit_log where entity_type = 'policy' and entity_id = 'refunds'",
  )
  expect(audit?.action).toBe('policy.update')

  await page.goto('/refunds')
  await expect(page.getByRole('heading', { name: 'Our promise', level: 2 })).toBeVisible()
  await expect(
    page.getByText('Tell Sawtooth Meadows Farm within a week and we make it right.'),
  ).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: 'Or refunded' })).toBeVisible()
  await expect(page.getByText(/^Last updated /)).toBeVisible()

  await page.goto('/admin/content/policies/refunds')
  await page.getByRole('button', { name: 'Restore Default Text' }).click()
  await expect(page.getByText('Default text restored.')).toBeVisible()
  await page.goto('/refunds')
  await expect(page.getByRole('heading', { name: 'Our promise' })).toHaveCount(0)

  expect((await page.request.get('/admin/content/policies/nonsense')).status()).toBe(404)
})

test('a 60-character farm name does not break the header, on a phone or a desktop', async ({
  page,
  privateServer,
}) => {
  const longName = 'Sawtooth Meadows Family Farm and Ranch on the Camas Prairie!'
  expect(longName).toHaveLength(60)
  await privateServer.signInAsNewAdmin(page)
  await page.goto('/admin/content')
  await page.getByLabel('Farm name').fill(longName)
  await page.getByRole('button', { name: 'Save Farm Information' }).click()
  await expect(page.getByText('Farm information saved.')).toBeVisible()

  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/shop')
    const home = page.getByRole('banner').getByRole('link', { name: longName })
    await expect(home).toBeVisible()
    await expect(home).toHaveAttribute('title', longName)
    const widths = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
    ])
    expect(widths[0], `document width at ${width} px`).toBeLessThanOrEqual(widths[1] ?? 0)
    // The cart and the menu stay inside the window.
    const cart = await page.getByRole('link', { name: /^Cart,/ }).boundingBox()
    expect((cart?.x ?? 0) + (cart?.width ?? 0)).toBeLessThanOrEqual(width)
  }
})
