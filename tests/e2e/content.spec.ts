import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { linksIn, waitForMail } from './support/mailbox'
import { uniqueEmail } from './support/users'

// The farm's content pages: About, Grass-Fed Beef, Contact (message form, newsletter, FAQ).

const FARM_EMAIL = 'hello@sawtoothmeadows.example'

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
}

async function jsonLd(page: Page) {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent()
  return JSON.parse(text ?? '{}') as Record<string, unknown>
}

test.describe('About', () => {
  test('story, values, practices, team in order, visit with a Contact Us link', async ({
    page,
  }) => {
    const response = await page.goto('/about')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle(/^About Us \| Sawtooth Meadows Farm$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Our Story' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Our Mission' })).toBeVisible()
    for (const title of ['What We Stand For', 'How We Farm', 'Meet the Halvorsens']) {
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible()
    }
    const values = page.getByRole('region', { name: 'What We Stand For' })
    await expect(values.getByRole('heading', { name: 'Grass-fed & grass-finished' })).toBeVisible()
    await expect(values.getByRole('heading', { name: 'Animal welfare' })).toBeVisible()

    const team = page.getByRole('region', { name: 'Meet the Halvorsens' })
    await expect(team.getByRole('heading', { level: 3 })).toHaveText([
      'Tom Halvorsen',
      'Ruth Halvorsen',
      'Maggie Halvorsen',
    ])
    await expect(team).toContainText('Rancher & Co-owner')
    await expect(team).not.toContainText('Luis Ortega')

    const visit = page.getByRole('region', { name: 'Come Visit the Farm' })
    await expect(visit).toContainText('1480 Soldier Creek Road, Fairfield, ID 83327')
    await expect(visit).toContainText('Monday - Saturday: 9am - 5pm')
    await expect(visit).toContainText('Sunday: Closed')
    await visit.getByRole('link', { name: 'Contact Us' }).click()
    await expect(page).toHaveURL(/\/contact$/)
  })

  test('LocalBusiness structured data from the farm settings', async ({ page }) => {
    await page.goto('/about')
    const data = await jsonLd(page)
    expect(data).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Sawtooth Meadows Farm',
      telephone: '(208) 555-0142',
      email: FARM_EMAIL,
      priceRange: '$$',
      address: { streetAddress: '1480 Soldier Creek Road', addressRegion: 'ID' },
    })
    expect(data.openingHoursSpecification).toEqual([
      expect.objectContaining({ opens: '09:00', closes: '17:00' }),
    ])
  })

  test('a photo that fails to load becomes an icon; the others stay photos', async ({ page }) => {
    await page.route('**/images/demo/team-ruth-halvorsen.svg', (route) =>
      route.fulfill({ status: 404, body: '' }),
    )
    await page.goto('/about')
    const card = (name: string) =>
      page.getByRole('article').filter({ has: page.getByRole('heading', { name }) })
    await card('Ruth Halvorsen').scrollIntoViewIfNeeded()
    await expect(card('Ruth Halvorsen').locator('img')).toHaveCount(0)
    await expect(card('Ruth Halvorsen').locator('svg[data-fallback-icon]')).toBeVisible()
    const tomPhoto = card('Tom Halvorsen').locator('img')
    await expect(tomPhoto).toHaveCount(1)
    await expect
      .poll(() => tomPhoto.evaluate((img: HTMLImageElement) => img.complete && img.width > 0))
      .toBe(true)
  })

  test('no axe violations', async ({ page }) => {
    await page.goto('/about')
    await expectNoAxeViolations(page)
  })
})

test.describe('Grass-Fed Beef', () => {
  test('reasons, health benefits and the beef products', async ({ page }) => {
    const response = await page.goto('/grass-fed-beef')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle(/^Grass-Fed Beef \| /)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('100% Grass-Fed Beef')
    await expect(page.getByRole('heading', { name: 'Why Grass-Fed?' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Health Benefits' })).toBeVisible()
    const products = page.getByRole('region', { name: 'Our Grass-Fed Beef' })
    const names = await products.getByRole('article').getByRole('heading').allTextContents()
    // By name, by category ("Beef Cuts") and by description; never the honey or the eggs.
    expect(names).toEqual(
      expect.arrayContaining(['Grass-Fed Ground Beef', 'Short Ribs', 'Peppered Beef Jerky']),
    )
    expect(names).not.toContain('Wildflower Honey')
    expect(names).not.toContain('Pasture-Raised Eggs')
    for (const href of ['/shop', '/contact', '/about']) {
      await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible()
    }
  })

  test('no axe violations', async ({ page }) => {
    await page.goto('/grass-fed-beef')
    await expectNoAxeViolations(page)
  })
})

test.describe('Contact', () => {
  const messageForm = (page: Page) => page.getByRole('form', { name: 'Send Us a Message' })

  test('a message is sent, the form clears, and the farm gets an email', async ({ page }) => {
    const name = `Ann ${Date.now()}`
    await page.goto('/contact')
    const form = messageForm(page)
    await form.getByLabel('Name').fill(name)
    await form.getByLabel('Email').fill('ann@example.com')
    await form.getByLabel('Phone (optional)').fill('(208) 555-0100')
    await expect(form.getByLabel('Subject').locator('option')).toHaveText([
      'Select a subject',
      'General Inquiry',
      'Products',
      'Orders',
      'Wholesale',
      'Farm Visit',
    ])
    await form.getByLabel('Subject').selectOption('Farm Visit')
    await form.getByLabel('Message').fill('Can we join the Saturday tour?\nWe are four.')
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled()
    await form.getByRole('button', { name: 'Send Message' }).click()
    await expect(form.getByRole('status')).toHaveText(
      'Thank you for your message! We will get back to you soon.',
    )
    for (const label of ['Name', 'Email', 'Phone (optional)', 'Message']) {
      await expect(form.getByLabel(label)).toHaveValue('')
    }
    await expect(form.getByLabel('Subject')).toHaveValue('')

    const mail = await waitForMail(FARM_EMAIL, new RegExp(`New message from ${name}: Farm Visit`))
    expect(mail.text).toContain('Can we join the Saturday tour?\nWe are four.')
    expect(mail.text).toContain('Email: ann@example.com')
    expect(mail.html).toContain('mailto:ann@example.com')
  })

  test('validation: exact messages next to the fields, nothing typed is lost', async ({ page }) => {
    await page.goto('/contact')
    const form = messageForm(page)
    await form.getByRole('button', { name: 'Send Message' }).click()
    await expect(form.getByText('Name is required')).toBeVisible()
    await expect(form.getByText('Email is required')).toBeVisible()
    await expect(form.getByText('Please choose a subject')).toBeVisible()
    await expect(form.getByText('Message is required')).toBeVisible()
    await expect(form.getByLabel('Name')).toBeFocused()
    await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')
    await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Name is required')

    await form.getByLabel('Name').fill('Bea')
    await form.getByLabel('Email').fill('bea@')
    await form.getByLabel('Subject').selectOption('Orders')
    await form.getByLabel('Message').fill('Where is my order?')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await expect(form.getByText('Please enter a valid email address')).toBeVisible()
    await expect(form.getByText('Name is required')).toHaveCount(0)
    await expect(form.getByLabel('Message')).toHaveValue('Where is my order?')
  })

  test('farm information, social links and a map card that opens a map', async ({ page }) => {
    await page.goto('/contact')
    const info = page.getByRole('region', { name: 'Farm Information' })
    await expect(info).toContainText('1480 Soldier Creek Road, Fairfield, ID 83327')
    await expect(info.getByRole('link', { name: '(208) 555-0142' })).toHaveAttribute(
      'href',
      'tel:2085550142',
    )
    await expect(info.getByRole('link', { name: FARM_EMAIL })).toBeVisible()
    await expect(info).toContainText('Monday - Saturday: 9am - 5pm')
    await expect(info.getByRole('link', { name: 'Facebook' })).toBeVisible()
    await expect(info.getByRole('link', { name: 'Instagram' })).toBeVisible()

    const map = page.getByRole('link', { name: 'Open in maps (opens in a new tab)' })
    await expect(map).toHaveAttribute('target', '_blank')
    await expect(map).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/search?query=1480+Soldier+Creek+Road%2C+Fairfield%2C+ID+83327',
    )
    expect((await jsonLd(page))['@type']).toBe('LocalBusiness')
  })

  test('FAQ: one answer open at a time, by mouse and keyboard', async ({ page }) => {
    await page.goto('/contact')
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' })
    const tours = faq.getByRole('button', { name: 'Do you offer farm tours?' })
    const organic = faq.getByRole('button', { name: 'Are your products organic?' })
    const wholesale = faq.getByRole('button', { name: 'Do you sell wholesale?' })
    await expect(faq.getByRole('button')).toHaveCount(4)
    await expect(tours).toHaveAttribute('aria-expanded', 'false')
    await expect(faq.getByText('$10 per person')).toBeHidden()

    await tours.click()
    await expect(tours).toHaveAttribute('aria-expanded', 'true')
    const panelId = await tours.getAttribute('aria-controls')
    await expect(page.locator(`[id="${panelId}"]`)).toContainText(
      'Saturdays at 10am and 2pm. Tours last about 1 hour and cost $10 per person; children under 5 are free.',
    )

    await organic.click()
    await expect(organic).toHaveAttribute('aria-expanded', 'true')
    await expect(tours).toHaveAttribute('aria-expanded', 'false')
    await expect(faq.getByText('not certified organic')).toBeVisible()
    await expect(faq.getByText('$10 per person')).toBeHidden()

    await organic.focus()
    await page.keyboard.press('ArrowDown')
    await expect(wholesale).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(wholesale).toHaveAttribute('aria-expanded', 'true')
    await expect(organic).toHaveAttribute('aria-expanded', 'false')
    await expect(faq.getByText('subject Wholesale')).toBeVisible()
    await page.keyboard.press('Space')
    await expect(wholesale).toHaveAttribute('aria-expanded', 'false')
    await page.keyboard.press('Home')
    await expect(tours).toBeFocused()
  })

  test('no axe violations, with an FAQ answer open', async ({ page }) => {
    await page.goto('/contact')
    await page.getByRole('button', { name: 'Do you offer farm tours?' }).click()
    await expectNoAxeViolations(page)
  })
})

test.describe('Newsletter', () => {
  test('subscribe, confirm from the email, then unsubscribe from its link', async ({ page }) => {
    const email = uniqueEmail('news')
    await page.goto('/contact')
    const form = page.getByRole('form', { name: 'Subscribe to Our Newsletter' })
    await form.getByRole('button', { name: 'Subscribe' }).click()
    await expect(form.getByText('Email is required')).toBeVisible()
    await form.getByLabel('Email').fill(email)
    await form.getByRole('button', { name: 'Subscribe' }).click()
    await expect(form.getByRole('status')).toHaveText(
      'Thank you for subscribing to our newsletter!',
    )
    await expect(form.getByLabel('Email')).toHaveValue('')

    const mail = await waitForMail(email, /confirm your newsletter subscription/i)
    const confirm = linksIn(mail).find((href) => href.includes('/newsletter/confirm?token='))
    const unsubscribe = linksIn(mail).find((href) =>
      href.includes('/newsletter/unsubscribe?token='),
    )
    expect(confirm).toBeTruthy()
    expect(unsubscribe).toBeTruthy()

    const confirmed = await page.goto(confirm ?? '')
    expect(confirmed?.status()).toBe(200)
    await expect(page.getByRole('status')).toHaveText('Your subscription is confirmed.')
    await expect(page.getByRole('link', { name: 'Visit the shop' })).toHaveAttribute(
      'href',
      '/shop',
    )

    // Opening the link only asks; the button unsubscribes.
    await page.goto(unsubscribe ?? '')
    await expect(page.getByText(`Stop sending the newsletter to ${email}?`)).toBeVisible()
    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect(page.getByRole('status')).toHaveText('You have been unsubscribed.')
    await page.goto(unsubscribe ?? '')
    await expect(page.getByRole('status')).toHaveText('You have been unsubscribed.')

    // The confirmation link cannot bring the subscription back.
    expect((await page.goto(confirm ?? ''))?.status()).toBe(400)
  })

  test('one-click unsubscribe (RFC 8058) from a mail client', async ({ page, request }) => {
    const email = uniqueEmail('oneclick')
    await page.goto('/contact')
    const form = page.getByRole('form', { name: 'Subscribe to Our Newsletter' })
    await form.getByLabel('Email').fill(email)
    await form.getByRole('button', { name: 'Subscribe' }).click()
    await expect(form.getByRole('status')).toBeVisible()
    const mail = await waitForMail(email, /confirm your newsletter subscription/i)
    const unsubscribe = linksIn(mail).find((href) => href.includes('/newsletter/unsubscribe?'))
    const response = await request.post(unsubscribe ?? '', {
      form: { 'List-Unsubscribe': 'One-Click' },
    })
    expect(response.status()).toBe(200)
    await page.goto(unsubscribe ?? '')
    await expect(page.getByRole('status')).toHaveText('You have been unsubscribed.')
  })

  test('a made-up token is refused with a clear message', async ({ page }) => {
    const confirm = await page.goto('/newsletter/confirm?token=not-a-real-token')
    expect(confirm?.status()).toBe(400)
    await expect(page.getByRole('alert')).toContainText('This newsletter link is not valid.')
    const unsubscribe = await page.goto(`/newsletter/unsubscribe?token=${'x'.repeat(43)}`)
    expect(unsubscribe?.status()).toBe(400)
    await expect(page.getByRole('alert')).toContainText('This newsletter link is not valid.')
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the contact form posts, answers with errors or thanks', async ({ page }) => {
    await page.goto('/contact')
    const form = page.getByRole('form', { name: 'Send Us a Message' })
    await form.getByLabel('Name').fill('Cal')
    await form.getByLabel('Email').fill('not-an-email')
    await form.getByLabel('Message').fill('Do you deliver to Boise?')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await expect(form.getByText('Please enter a valid email address')).toBeVisible()
    await expect(form.getByText('Please choose a subject')).toBeVisible()
    await expect(form.getByLabel('Name')).toHaveValue('Cal')
    await expect(form.getByLabel('Message')).toHaveValue('Do you deliver to Boise?')

    await form.getByLabel('Email').fill('cal@example.com')
    await form.getByLabel('Subject').selectOption('Orders')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await expect(form.getByRole('status')).toHaveText(
      'Thank you for your message! We will get back to you soon.',
    )
    await expect(form.getByLabel('Name')).toHaveValue('')
    await expect(form.getByLabel('Message')).toHaveValue('')
  })

  test('the FAQ is native details, one open at a time', async ({ page }) => {
    await page.goto('/contact')
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' })
    const details = faq.locator('details')
    await expect(details).toHaveCount(4)
    await faq.getByText('Do you offer farm tours?').click()
    await expect(details.nth(0)).toHaveAttribute('open', '')
    await expect(faq.getByText('$10 per person', { exact: false })).toBeVisible()
    await faq.getByText('Do you sell wholesale?').click()
    await expect(details.nth(3)).toHaveAttribute('open', '')
    await expect(details.nth(0)).not.toHaveAttribute('open')
  })

  test('the newsletter form posts too', async ({ page }) => {
    await page.goto('/contact')
    const form = page.getByRole('form', { name: 'Subscribe to Our Newsletter' })
    await form.getByLabel('Email').fill(uniqueEmail('nojs-news'))
    await form.getByRole('button', { name: 'Subscribe' }).click()
    await expect(
      page
        .getByRole('form', { name: 'Subscribe to Our Newsletter' })
        .getByText('Thank you for subscribing to our newsletter!'),
    ).toBeVisible()
  })

  test('a team photo that cannot load leaves the icon showing', async ({ page }) => {
    await page.route('**/images/demo/team-maggie-halvorsen.svg', (route) =>
      route.fulfill({ status: 404, body: '' }),
    )
    await page.goto('/about')
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Maggie Halvorsen' }) })
    await expect(card.locator('svg[data-fallback-icon]')).toBeVisible()
    // Empty alt: the browser draws no broken-image box or alt text over the icon.
    await expect(card.locator('img')).toHaveAttribute('alt', '')
  })
})
