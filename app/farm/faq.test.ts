import { describe, expect, test } from 'vitest'
import { contactFaq } from './faq'
import { describeOpeningHours } from './opening-hours'

describe('the contact FAQ', () => {
  const faq = contactFaq(describeOpeningHours('Mo-Sa 09:00-17:00'))

  test('four questions in the specification order', () => {
    expect(faq.map((item) => item.question)).toEqual([
      'Do you offer farm tours?',
      'How can I purchase your products?',
      'Are your products organic?',
      'Do you sell wholesale?',
    ])
  })

  test('the specification facts are in the answers', () => {
    const [tours, purchase, organic, wholesale] = faq.map((item) => item.answer)
    expect(tours).toContain('Saturdays at 10am and 2pm')
    expect(tours).toContain('about 1 hour')
    expect(tours).toContain('$10 per person')
    expect(tours).toContain('under 5 are free')
    expect(purchase).toContain('online shop')
    expect(purchase).toContain('pickup at the farm or delivery')
    expect(organic).toContain('not certified organic')
    expect(organic).toContain('synthetic pesticides or fertilizers')
    expect(organic).toContain('antibiotics or added hormones')
    expect(wholesale).toContain('restaurants and stores')
    expect(wholesale).toContain('subject Wholesale')
  })

  test('farm stand hours come from the farm settings (D17)', () => {
    expect(faq[1]?.answer).toContain('open Monday - Saturday, 9am - 5pm.')
    const other = contactFaq(describeOpeningHours('Mo-Fr 08:00-17:00, Sa 10:00-12:00'))
    expect(other[1]?.answer).toContain('open Monday - Friday, 8am - 5pm; Saturday, 10am - 12pm.')
    expect(contactFaq([])[1]?.answer).toContain('hours are listed on this page')
  })
})
