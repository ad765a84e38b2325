import { describe, expect, test } from 'vitest'
import { passwordResetEmail } from '~/auth/emails/password-reset'
import { welcomeEmail } from '~/auth/emails/welcome'
import { contactNotificationEmail } from '~/messages/emails/contact-notification'
import { newsletterConfirmEmail } from '~/newsletter/emails/newsletter-confirm'
import { finalTotalEmail } from '~/orders/emails/final-total'
import { fulfilmentReminderEmail } from '~/orders/emails/fulfilment-reminder'
import { orderConfirmationEmail } from '~/orders/emails/order-confirmation'
import { orderStatusEmail } from '~/orders/emails/order-status'
import { shareBalanceEmail } from '~/shares/emails/share-balance'
import { stockHeldEmail } from '~/waiting-list/emails/stock-held'
import { type EmailContent, shopUrl } from './layout'

const shop = { farmName: 'Hillside Farm', baseUrl: 'https://shop.example' }

function hrefs(markup: string): string[] {
  return [...markup.matchAll(/href="([^"]*)"/g)].map((match) => match[1] ?? '')
}

// Every template, with hostile text in every field a shopper, a visitor or the farm types.
const HOSTILE = `<script>"&'</script>`
/** A line whose name and unit are hostile text. */
const HOSTILE_LINE = {
  name: HOSTILE,
  terms: {
    quantity: 1,
    priceCents: 100,
    unit: HOSTILE,
    averageWeightCentiLb: null,
    weightsCentiLb: null,
    totalCents: 100,
  },
}
const ESCAPED = '&lt;script&gt;&quot;&amp;&#x27;&lt;/script&gt;'
const hostileShop = { farmName: HOSTILE, baseUrl: 'https://shop.example' }
const pickup = {
  method: 'pickup' as const,
  headline: HOSTILE,
  place: HOSTILE,
  address: HOSTILE,
  instructions: HOSTILE,
  mapUrl: null,
  when: { date: '2026-11-26', startTime: '15:00', endTime: '18:00' },
}
const everyTemplate: Record<string, () => EmailContent> = {
  welcome: () => welcomeEmail({ ...hostileShop, firstName: HOSTILE }),
  'password reset': () =>
    passwordResetEmail({
      ...hostileShop,
      firstName: HOSTILE,
      resetUrl: '/reset-password?token=abc',
      expiresInMinutes: 60,
    }),
  'newsletter confirmation': () => newsletterConfirmEmail({ ...hostileShop, token: HOSTILE }),
  'stock held': () =>
    stockHeldEmail({
      ...hostileShop,
      firstName: HOSTILE,
      productName: HOSTILE,
      variantName: HOSTILE,
      heldQuantity: 1,
      askedQuantity: 2,
      expiresAt: new Date('2026-11-26T03:00:00Z'),
      token: HOSTILE,
    }),
  'contact notification': () =>
    contactNotificationEmail({
      ...hostileShop,
      name: HOSTILE,
      email: 'ann@example.com',
      phone: HOSTILE,
      subject: HOSTILE,
      message: HOSTILE,
    }),
  'final total (by weight)': () =>
    finalTotalEmail({
      ...hostileShop,
      orderId: HOSTILE,
      orderNumber: HOSTILE,
      firstName: HOSTILE,
      pieces: [{ name: HOSTILE, piece: 1, weightCentiLb: 104, cents: 1975 }],
      previousCents: 2089,
      corrected: false,
      totalCents: 1975,
      payment: 'at-handover',
    }),
  'fulfilment reminder': () =>
    fulfilmentReminderEmail({
      ...hostileShop,
      orderId: HOSTILE,
      orderNumber: 'FS-10042',
      firstName: HOSTILE,
      fulfilment: pickup,
      amountDueCents: 2350,
      items: [HOSTILE_LINE],
    }),
  'order confirmation': () =>
    orderConfirmationEmail({
      ...hostileShop,
      orderId: HOSTILE,
      orderNumber: 'FS-10042',
      firstName: HOSTILE,
      items: [HOSTILE_LINE],
      subtotalCents: 100,
      discountCents: 10,
      promoCode: HOSTILE,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 90,
      shippingAddress: {
        firstName: HOSTILE,
        lastName: HOSTILE,
        street: HOSTILE,
        apartment: HOSTILE,
        city: HOSTILE,
        state: HOSTILE,
        zipCode: HOSTILE,
      },
      phone: HOSTILE,
      shippingMethod: HOSTILE,
      fulfilment: pickup,
      paymentMethod: HOSTILE,
    }),
  'order shipped': () =>
    orderStatusEmail({
      ...hostileShop,
      status: 'shipped',
      orderId: HOSTILE,
      orderNumber: 'FS-10042',
      firstName: HOSTILE,
      carrier: HOSTILE,
      trackingNumber: HOSTILE,
    }),
  'share balance': () =>
    shareBalanceEmail({
      ...hostileShop,
      firstName: HOSTILE,
      animalName: HOSTILE,
      size: HOSTILE,
      hangingWeightCentiLb: 61250,
      shareWeightLb: 153.13,
      pricePerLbHangingCents: 495,
      bill: {
        meatCents: 75797,
        processingFeeCents: 12500,
        depositCents: 30000,
        balanceCents: 58297,
        taxCents: 3498,
        dueCents: 61795,
      },
      pickupDate: '2026-12-15',
      pickupWhere: HOSTILE,
      token: HOSTILE,
    }),
  'order ready for pickup': () =>
    orderStatusEmail({
      ...hostileShop,
      status: 'ready_for_pickup',
      orderId: HOSTILE,
      orderNumber: 'FS-10042',
      firstName: HOSTILE,
      fulfilment: pickup,
    }),
}

/** The elements the layout and the templates write; anything else got in from the input. */
const OUR_ELEMENTS = new Set(
  'html head meta title body table tbody tr td th h1 p a strong br div'.split(' '),
)

function httpLinks(part: string, inHtml: boolean): string[] {
  const links = inHtml
    ? hrefs(part).map((href) =>
        href.replace(/&(amp|quot|#x27);/g, (_, name) =>
          name === 'amp' ? '&' : name === 'quot' ? '"' : "'",
        ),
      )
    : (part.match(/https?:\/\/\S+/g) ?? [])
  return links.filter((link) => link.startsWith('http')).sort()
}

describe.each(Object.entries(everyTemplate))('the %s email', (_name, render) => {
  const email = render()

  test('HTML: hostile input is text, never markup', () => {
    const elements = new Set([...email.html.matchAll(/<([a-z][a-z0-9]*)/gi)].map((m) => m[1]))
    expect([...elements].filter((name) => !OUR_ELEMENTS.has(name ?? ''))).toEqual([])
    expect(email.html).not.toContain(HOSTILE)
    expect(email.html).toContain(ESCAPED)
    expect(email.html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true)
  })

  test('text: hostile input as typed, and nothing of HTML', () => {
    expect(email.text).toContain(HOSTILE)
    const withoutInput = email.text.replaceAll(HOSTILE, '')
    expect(withoutInput).not.toMatch(/<[a-z/]/i)
    expect(withoutInput).not.toMatch(/&(#\d+|#x[\da-f]+|[a-z]+);/i)
    expect(email.text.startsWith(`${HOSTILE}\n\n`)).toBe(true)
    expect(email.text.endsWith(`\n-- \n${HOSTILE}\nhttps://shop.example/\n`)).toBe(true)
  })

  test('both parts link to the same pages', () => {
    expect(httpLinks(email.html, true)).toEqual(httpLinks(email.text, false))
  })

  test('the subject keeps the characters as typed, on one line', () => {
    expect(email.subject).not.toMatch(/&(amp|lt|gt|quot);|[\r\n]/)
  })
})

describe('escaping', () => {
  test('names and farm names cannot inject markup', () => {
    const email = welcomeEmail({
      ...shop,
      farmName: 'Tom & Jerry\'s "Farm"',
      firstName: '<script>alert(1)</script>',
    })
    expect(email.html).not.toContain('<script>')
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(email.html).toContain('Tom &amp; Jerry&#x27;s &quot;Farm&quot;')
    // The plain text version is not HTML: it keeps the characters as typed.
    expect(email.text).toContain('Hello <script>alert(1)</script>,')
    expect(email.subject).toBe('Welcome to Tom & Jerry\'s "Farm"')
  })

  test('a link with quotes or ampersands stays one attribute', () => {
    const email = passwordResetEmail({
      ...shop,
      firstName: 'Ann',
      resetUrl: 'https://shop.example/reset?token=a"b&next=/x',
      expiresInMinutes: 60,
    })
    expect(hrefs(email.html)).toContain('https://shop.example/reset?token=a%22b&amp;next=/x')
  })
})

describe('links use BASE_URL', () => {
  test('shopUrl appends paths to the base, keeps full URLs and refuses other schemes', () => {
    expect(shopUrl('https://shop.example', '/shop')).toBe('https://shop.example/shop')
    expect(shopUrl('https://shop.example/', '/shop')).toBe('https://shop.example/shop')
    expect(shopUrl('https://shop.example', 'https://shop.example/a?b=1')).toBe(
      'https://shop.example/a?b=1',
    )
    expect(() => shopUrl('https://shop.example', 'javascript:alert(1)')).toThrow(/http/)
  })

  test('welcome links to the shop and the account on the base URL', () => {
    const email = welcomeEmail({ ...shop, firstName: 'Ann' })
    expect(hrefs(email.html)).toEqual([
      'https://shop.example/shop',
      'https://shop.example/account',
      'https://shop.example/',
    ])
    expect(email.text).toContain('https://shop.example/shop')
    expect(email.text).toContain('https://shop.example/account')
  })

  test('password reset resolves a bare path against the base URL', () => {
    const email = passwordResetEmail({
      ...shop,
      firstName: 'Ann',
      resetUrl: '/reset-password/abc123',
      expiresInMinutes: 60,
    })
    expect(hrefs(email.html)[0]).toBe('https://shop.example/reset-password/abc123')
    expect(email.text).toContain('https://shop.example/reset-password/abc123')
  })
})

describe('the templates', () => {
  test('password reset: subject, greeting, link, expiry, in HTML and text', () => {
    const email = passwordResetEmail({
      ...shop,
      firstName: 'Ann',
      resetUrl: 'https://shop.example/reset-password/abc123',
      expiresInMinutes: 60,
    })
    expect(email.subject).toBe('Reset your password')
    for (const body of [email.html, email.text]) {
      expect(body).toContain('Hillside Farm')
      expect(body).toContain('Hello Ann,')
      expect(body).toContain('https://shop.example/reset-password/abc123')
      expect(body).toContain('60 minutes')
    }
  })

  test('welcome: the whole text part', () => {
    expect(welcomeEmail({ ...shop, firstName: 'Ann' }).text).toBe(
      [
        'Hillside Farm',
        '',
        'Hello Ann,',
        '',
        'Thank you for opening an account with Hillside Farm. Everything we grow and raise is in the shop:',
        '',
        'https://shop.example/shop',
        '',
        'Your orders, addresses and details are in your account:',
        'https://shop.example/account',
        '',
        'See you soon at the farm!',
        '',
        '-- ',
        'Hillside Farm',
        'https://shop.example/',
        '',
      ].join('\n'),
    )
  })

  test('welcome: subject and farm name', () => {
    const email = welcomeEmail({ ...shop, firstName: 'Ann' })
    expect(email.subject).toBe('Welcome to Hillside Farm')
    expect(email.html).toContain('Hillside Farm')
    expect(email.text.startsWith('Hillside Farm\n')).toBe(true)
  })

  test('the HTML is a complete English document with the subject as its title', () => {
    const email = welcomeEmail({ ...shop, firstName: 'Ann' })
    expect(email.html.startsWith('<!DOCTYPE html>')).toBe(true)
    expect(email.html).toContain('<html lang="en">')
    expect(email.html).toMatch(/<meta charset="utf-8"\/?>/i)
    expect(email.html).toContain('<title>Welcome to Hillside Farm</title>')
    expect(email.html).toContain('<h1')
  })

  test('the text version is plain: no tags, no entities', () => {
    const email = passwordResetEmail({
      ...shop,
      firstName: 'Ann',
      resetUrl: '/reset-password/abc',
      expiresInMinutes: 30,
    })
    expect(email.text).not.toMatch(/<[a-z]/i)
    expect(email.text).not.toMatch(/&[a-z]+;/)
    expect(email.text).toContain("If you didn't ask for this")
  })
})
