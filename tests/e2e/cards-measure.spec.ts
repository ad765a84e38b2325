import { test } from '@playwright/test'

test('measure /shop at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/shop')
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  const cards = await page.getByRole('article').count()
  console.log(`SHOP HEIGHT 390: ${height} px, ${cards} cards`)
  await page.screenshot({ path: '/tmp/cards/before-390.png', fullPage: true })
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto('/shop')
  console.log(`SHOP HEIGHT 1366: ${await page.evaluate(() => document.documentElement.scrollHeight)} px`)
})
