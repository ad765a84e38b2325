import { describe, expect, test } from 'vitest'
import { contactNotificationEmail } from '~/messages/emails/contact-notification'
import { newsletterConfirmEmail, newsletterLinks } from '~/newsletter/emails/newsletter-confirm'

const shop = { farmName: 'Hillside Farm', baseUrl: 'https://shop.example' }

function hrefs(markup: string): string[] {
  return [...markup.matchAll(/href="([^"]*)"/g)].map((match) => match[1] ?? '')
}

describe('the farm notification of a contact message', () => {
  const input = {
    ...shop,
    name: 'Ann "<script>alert(1)</script>"',
    email: 'ann@example.com',
    phone: '(208) 555-0100',
    subject: 'Farm Visit',
    message: 'Hello & welcome <img src=x onerror=alert(1)>\nSecond line',
  }

  test('everything the visitor typed is escaped in the HTML', () => {
    const email = contactNotificationEmail(input)
    expect(email.html).not.toContain('<script>')
    expect(email.html).not.toContain('<img')
    expect(email.html).toContain('Ann &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;')
    expect(email.html).toContain('Hello &amp; welcome &lt;img src=x onerror=alert(1)&gt;')
    // The text version keeps the characters as typed.
    expect(email.text).toContain('Hello & welcome <img src=x onerror=alert(1)>\nSecond line')
  })

  test('subject, sender details, reply link and the admin inbox', () => {
    const email = contactNotificationEmail(input)
    expect(email.subject).toBe('New message from Ann "<script>alert(1)</script>": Farm Visit')
    expect(hrefs(email.html)).toEqual([
      'mailto:ann@example.com',
      'tel:2085550100',
      'mailto:ann@example.com?subject=Re%3A%20Farm%20Visit',
      'https://shop.example/admin/messages',
      'https://shop.example/',
    ])
    for (const line of [
      'Email: ann@example.com',
      'Phone: (208) 555-0100',
      'Subject: Farm Visit',
      'https://shop.example/admin/messages',
    ]) {
      expect(email.text).toContain(line)
    }
  })

  test('no phone line without a phone', () => {
    const email = contactNotificationEmail({ ...input, phone: null })
    expect(email.text).not.toContain('Phone:')
    expect(email.html).not.toContain('tel:')
  })

  test('the message keeps its line breaks in HTML too', () => {
    expect(contactNotificationEmail(input).html).toContain('white-space:pre-wrap')
  })
})

describe('the newsletter confirmation', () => {
  const token = 'a'.repeat(43)

  test('confirm and unsubscribe links carry the token, in HTML and text', () => {
    const email = newsletterConfirmEmail({ ...shop, token })
    const links = newsletterLinks(shop.baseUrl, token)
    expect(links).toEqual({
      confirm: `https://shop.example/newsletter/confirm?token=${token}`,
      unsubscribe: `https://shop.example/newsletter/unsubscribe?token=${token}`,
    })
    expect(email.subject).toBe('Please confirm your newsletter subscription')
    expect(hrefs(email.html)).toEqual([links.confirm, links.unsubscribe, 'https://shop.example/'])
    expect(email.text).toContain(links.confirm)
    expect(email.text).toContain(links.unsubscribe)
    expect(email.text).toContain('Hillside Farm')
  })

  test('a farm name with markup is escaped', () => {
    const email = newsletterConfirmEmail({ ...shop, farmName: 'Tom & <b>Jerry</b>', token })
    expect(email.html).toContain('Tom &amp; &lt;b&gt;Jerry&lt;/b&gt;')
    expect(email.html).not.toContain('<b>Jerry')
  })
})
