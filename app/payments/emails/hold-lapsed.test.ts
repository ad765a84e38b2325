import { describe, expect, test } from 'vitest'
import { HOLD_LAPSED_SUBJECT, holdLapsedEmail } from './hold-lapsed'

const input = {
  farmName: 'Hillside Farm',
  baseUrl: 'https://shop.example',
  orderId: 'order-1',
  orderNumber: 'FS-10042',
  firstName: 'Ann',
  amountCents: 5697,
}

describe('holdLapsedEmail', () => {
  test('says the exact amount, that nothing was charged, and links to pay it', () => {
    const email = holdLapsedEmail(input)
    expect(email.subject).toBe(HOLD_LAPSED_SUBJECT)
    expect(email.text).toContain('We have weighed your order FS-10042: it comes to $56.97.')
    expect(email.text).toContain('your card has not been charged')
    expect(email.text).toContain('Pay $56.97:\nhttps://shop.example/account/orders/order-1/pay')
    expect(email.html).toContain('href="https://shop.example/account/orders/order-1/pay"')
  })

  test('escapes what the customer typed', () => {
    const email = holdLapsedEmail({ ...input, firstName: '<script>"&\'</script>' })
    expect(email.html).not.toContain('<script>')
    expect(email.html).toContain('&lt;script&gt;')
  })
})
