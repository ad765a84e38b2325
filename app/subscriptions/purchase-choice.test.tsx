import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { formatCents } from '~/platform/ui/price'
import { PurchaseChoice } from './purchase-choice'
import { firstBoxNote, keptForSubscribersText, subscriptionLineText } from './storefront'

// The product page's choice as the server sends it: plain radios that post on their own.

function render(optionSubscribable = true) {
  return renderToString(
    <PurchaseChoice
      frequencies={['weekly', 'biweekly']}
      discountPercent={10}
      priceCents={700}
      priceText={formatCents}
      optionSubscribable={optionSubscribable}
    />,
  )
}

/** The radios named `name`, in page order: value, checked, disabled. */
function radios(html: string, name: string) {
  return [...html.matchAll(/<input [^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => tag.includes('type="radio"') && tag.includes(`name="${name}"`))
    .map((tag) => ({
      value: /value="([^"]*)"/.exec(tag)?.[1],
      checked: tag.includes('checked=""'),
      disabled: tag.includes('disabled=""'),
    }))
}

describe('PurchaseChoice', () => {
  test('One time (chosen) or Subscribe with the saving and the subscriber price; How often', () => {
    const html = render()
    expect(html).toContain('>How would you like it?</legend>')
    expect(html).toContain('>How often</legend>')
    expect(radios(html, 'purchase')).toEqual([
      { value: 'one-time', checked: true, disabled: false },
      { value: 'subscribe', checked: false, disabled: false },
    ])
    expect(radios(html, 'frequency')).toEqual([
      { value: 'weekly', checked: true, disabled: false },
      { value: 'biweekly', checked: false, disabled: false },
    ])
    expect(html).toContain('save 10%')
    expect(html).toContain('$7.00')
    expect(html).toContain('$6.30')
    expect(html).toContain('Every 2 weeks')
  })

  test('an option left out of subscriptions cannot be subscribed, and says why', () => {
    const html = render(false)
    expect(radios(html, 'purchase')).toEqual([
      { value: 'one-time', checked: true, disabled: false },
      { value: 'subscribe', checked: false, disabled: true },
    ])
    expect(html).toContain('This option is for one-time orders only')
  })
})

describe('the words', () => {
  test('stock kept for subscribers, the cart line and the checkout note', () => {
    expect(keptForSubscribersText(3)).toBe(
      '3 left for one-time orders (the rest are kept for subscribers)',
    )
    expect(keptForSubscribersText(0)).toBe("Sold out: what is left is kept for subscribers' boxes")
    expect(subscriptionLineText('biweekly')).toBe('Subscription: Every 2 weeks')
    expect(firstBoxNote(['biweekly'])).toBe(
      'Your first box comes on the day you choose, then every 2 weeks on that weekday. You can skip, pause or cancel in your account.',
    )
    expect(firstBoxNote(['weekly', 'monthly', 'weekly'])).toContain(
      'then every week or every month on that weekday',
    )
  })
})
