import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { checkoutProgress } from './checkout'
import { CheckoutProgress } from './checkout-progress'

describe('checkoutProgress', () => {
  test('on the first step nothing is done yet', () => {
    expect(checkoutProgress(1).map((step) => step.state)).toEqual([
      'current',
      'upcoming',
      'upcoming',
    ])
  })

  test('every step before the one shown is completed', () => {
    expect(checkoutProgress(2).map((step) => step.state)).toEqual([
      'completed',
      'current',
      'upcoming',
    ])
    expect(checkoutProgress(3)).toEqual([
      { number: 1, label: 'Shipping', state: 'completed' },
      { number: 2, label: 'Payment', state: 'completed' },
      { number: 3, label: 'Review', state: 'current' },
    ])
  })
})

/** Each <li> of the rendered list, as HTML. */
function items(html: string): string[] {
  return html.match(/<li[\s\S]*?<\/li>/g) ?? []
}

describe('CheckoutProgress', () => {
  test('the step shown carries aria-current="step", and only it', () => {
    const html = renderToStaticMarkup(<CheckoutProgress step={2} />)
    expect(html).toContain('aria-label="Checkout progress"')
    expect(items(html).map((item) => item.includes('aria-current="step"'))).toEqual([
      false,
      true,
      false,
    ])
  })

  test('a completed step shows a check mark hidden from screen readers, and says "completed"', () => {
    const [shipping, payment, review] = items(renderToStaticMarkup(<CheckoutProgress step={3} />))
    for (const done of [shipping, payment]) {
      expect(done).toMatch(/<svg aria-hidden="true"[^>]*><path/)
      expect(done).toContain('<span class="sr-only"> (completed)</span>')
      expect(done).not.toMatch(/>\d<\/span>/)
    }
    expect(review).not.toContain('<svg')
    expect(review).not.toContain('completed')
    expect(review).toContain('>3</span>')
  })

  test('no step is completed on the first', () => {
    const html = renderToStaticMarkup(<CheckoutProgress step={1} />)
    expect(html).not.toContain('<svg')
    expect(html).not.toContain('completed')
    expect(html).toContain('Step 1: </span>Shipping')
  })
})
