import { describe, expect, test } from 'vitest'
import { escapeHtml, html, shopUrl } from './layout'
import { passwordResetEmail } from './password-reset'
import { welcomeEmail } from './welcome'

const shop = { farmName: 'Hillside Farm', baseUrl: 'https://shop.example' }

function hrefs(markup: string): string[] {
  return [...markup.matchAll(/href="([^"]*)"/g)].map((match) => match[1] ?? '')
}

describe('escaping', () => {
  test('escapeHtml covers the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    )
  })

  test('the html tag escapes values but keeps nested html as it is', () => {
    const inner = html`<b>${'<i>'}</b>`
    expect(html`<p>${inner}${' & '}${[inner, inner]}</p>`.value).toBe(
      '<p><b>&lt;i&gt;</b> &amp; <b>&lt;i&gt;</b><b>&lt;i&gt;</b></p>',
    )
  })

  test('names and farm names cannot inject markup', () => {
    const email = welcomeEmail({
      ...shop,
      farmName: 'Tom & Jerry\'s "Farm"',
      firstName: '<script>alert(1)</script>',
    })
    expect(email.html).not.toContain('<script>')
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(email.html).toContain('Tom &amp; Jerry&#39;s &quot;Farm&quot;')
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
    expect(email.html).toContain('<meta charset="utf-8">')
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
