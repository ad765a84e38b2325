import { expect, test } from 'vitest'
import { passwordResetEmail } from '~/auth/emails/password-reset'
import { stockHeldEmail } from '~/waiting-list/emails/stock-held'
import { REDACTED, redactForLog } from './log-redaction'

const TOKEN = 'Zq3xT0k3nZq3xT0k3nZq3xT0k3nZq3xT0k3n'

test('links keep their page and lose everything after it', () => {
  expect(redactForLog(`Open https://farm.example/reset-password?token=${TOKEN} now.`)).toBe(
    `Open https://farm.example/reset-password?${REDACTED} now.`,
  )
  expect(redactForLog(`https://farm.example/waiting-list/claim/${TOKEN}`)).toBe(
    `https://farm.example/waiting-list/${REDACTED}`,
  )
  expect(redactForLog('https://farm.example/shares/balance/abc#x')).toBe(
    `https://farm.example/shares/${REDACTED}?${REDACTED}`,
  )
  expect(redactForLog('See http://localhost:3000/shop or https://farm.example/')).toBe(
    'See http://localhost:3000/shop or https://farm.example',
  )
  expect(redactForLog(`Your code: ${TOKEN}`)).toBe(`Your code: ${REDACTED}`)
  expect(redactForLog('Thanks for your order, Ann!')).toBe('Thanks for your order, Ann!')
})

test('the real reset and claim emails keep no token', () => {
  const reset = passwordResetEmail({
    farmName: 'Hillside Farm',
    baseUrl: 'https://farm.example',
    firstName: 'Ann',
    resetUrl: `/reset-password?token=${TOKEN}`,
    expiresInMinutes: 60,
  })
  expect(reset.text).toContain(TOKEN)
  expect(redactForLog(reset.text)).not.toContain(TOKEN)
  expect(redactForLog(reset.text)).toContain('https://farm.example/reset-password?[redacted]')
})

test('the waiting-list claim email keeps no token', () => {
  const held = stockHeldEmail({
    farmName: 'Hillside Farm',
    baseUrl: 'https://farm.example',
    firstName: 'Ann',
    productName: 'Eggs',
    variantName: null,
    heldQuantity: 2,
    askedQuantity: 2,
    expiresAt: new Date('2026-11-21T18:00:00Z'),
    token: TOKEN,
  })
  expect(held.text).toContain(TOKEN)
  expect(redactForLog(held.text)).not.toContain(TOKEN)
  expect(redactForLog(held.text)).toContain(`https://farm.example/waiting-list/${REDACTED}`)
})
