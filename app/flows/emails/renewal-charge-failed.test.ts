import { describe, expect, test } from 'vitest'
import { CHARGE_FAILED_SUBJECT, chargeFailedEmail } from './renewal-charge-failed'

const input = {
  farmName: 'Hillside Farm',
  baseUrl: 'https://shop.example',
  orderId: 'order-1',
  orderNumber: 'FS-10042',
  subscriptionId: 'sub-1',
  firstName: 'Ann',
  boxDate: '2026-12-03',
  amountCents: 4240,
  retryAt: new Date('2026-12-02T19:00:00Z'),
}

describe('chargeFailedEmail', () => {
  test('says how much for which box, links to pay and to a new card, and when the retry is', () => {
    const email = chargeFailedEmail(input)
    expect(email.subject).toBe(CHARGE_FAILED_SUBJECT)
    expect(email.text).toContain(
      'We tried to charge $42.40 to your saved card for your box of Thursday, December 3',
    )
    expect(email.text).toContain('(order FS-10042)')
    expect(email.text).toContain('we will try your card once more on Wednesday, December 2, 12 pm')
    expect(email.text).toContain('Pay $42.40:\nhttps://shop.example/account/orders/order-1/pay')
    expect(email.text).toContain('https://shop.example/account/subscriptions/sub-1/card')
    expect(email.html).toContain('href="https://shop.example/account/orders/order-1/pay"')
  })

  test('after the last try it says the card is not tried again', () => {
    const email = chargeFailedEmail({ ...input, retryAt: null })
    expect(email.text).toContain('We will not try your card again')
    expect(email.text).not.toContain('once more')
  })

  test('escapes what the customer typed', () => {
    const email = chargeFailedEmail({ ...input, firstName: '<script>"&\'</script>' })
    expect(email.html).not.toContain('<script>')
    expect(email.html).toContain('&lt;script&gt;')
  })
})
