import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, test } from 'vitest'
import { ToastProvider } from '~/platform/ui/toasts'
import { AddToCartForm, type AddToCartFormProps } from './add-to-cart'

// What the server sends before JavaScript runs: a plain form that works on its own.
let props: AddToCartFormProps = { productId: '' }
function ShopPage() {
  return (
    <ToastProvider>
      <AddToCartForm {...props} />
    </ToastProvider>
  )
}
const Stub = createRoutesStub([{ path: '/shop', Component: ShopPage }])

function render(next: AddToCartFormProps, url = '/shop?category=Beef') {
  props = next
  return renderToString(<Stub initialEntries={[url]} />)
}

const hidden = (html: string, name: string) =>
  html.match(new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"/>`))?.[1]

describe('AddToCartForm before JavaScript', () => {
  test('posts intent=add to /cart with the product, option, quantity and the way back', () => {
    const html = render({ productId: 'p1', variantId: 'v1', quantity: 3 })
    const form = html.match(/<form[^>]*>/)?.[0] ?? ''
    expect(form).toContain('method="post"')
    expect(form).toContain('action="/cart"')
    expect(hidden(html, 'intent')).toBe('add')
    expect(hidden(html, 'productId')).toBe('p1')
    expect(hidden(html, 'variantId')).toBe('v1')
    expect(hidden(html, 'quantity')).toBe('3')
    expect(hidden(html, 'redirect')).toBe('/shop?category=Beef')
    expect(html).toMatch(/<button type="submit"[^>]*>Add to Cart<\/button>/)
    expect(html).toContain('role="status"')
  })

  test('quantity 1 and no option by default; a label and disabled for sold-out items', () => {
    const html = render({ productId: 'p1', disabled: true, label: 'Out of Stock' })
    expect(hidden(html, 'quantity')).toBe('1')
    expect(hidden(html, 'variantId')).toBeUndefined()
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*>Out of Stock<\/button>/)
  })

  test('on a card: the button names the product and option, and the way back is the card', () => {
    const html = render({
      productId: 'p1',
      card: { productName: 'Farm Eggs', optionName: 'Dozen' },
    })
    expect(html).toMatch(
      /<button type="submit" aria-label="Add to Cart: Farm Eggs, Dozen"[^>]*>Add to Cart<\/button>/,
    )
    expect(hidden(html, 'redirect')).toBe('/shop?category=Beef#product-p1')
  })

  test('children can bring their own quantity field', () => {
    const html = render({
      productId: 'p1',
      children: <input type="number" name="quantity" defaultValue={2} aria-label="Quantity" />,
    })
    expect(hidden(html, 'quantity')).toBeUndefined()
    expect(html).toContain('name="quantity"')
  })
})
