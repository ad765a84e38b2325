import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, test } from 'vitest'
import {
  errorWords,
  GeneralErrorBoundary,
  type GeneralErrorBoundaryProps,
  PAGE_NOT_FOUND,
  SHOP_RESTING,
  UNEXPECTED_ERROR,
} from './error-boundary'

// What a loader's `throw data(..., { status })` reaches a boundary as.
const answered = (status: number, data: unknown = null) => ({
  status,
  statusText: '',
  internal: false,
  data,
})

const ORDER_NOT_FOUND = { title: 'Order Not Found', message: "We couldn't find that order." }
const ORDER_NOT_LOADED = { title: 'Something went wrong', message: 'We could not load it.' }

describe('errorWords', () => {
  test("a 404 says the route's own words, or the page's when it has none", () => {
    expect(errorWords(answered(404), { notFound: ORDER_NOT_FOUND })).toEqual(ORDER_NOT_FOUND)
    expect(errorWords(answered(404))).toEqual(PAGE_NOT_FOUND)
  })

  test("a refused request (403, other 4xx with a message) says the server's words", () => {
    expect(errorWords(answered(403, 'Admins only.'), { unexpected: ORDER_NOT_LOADED })).toEqual({
      title: 'Not Allowed',
      message: 'Admins only.',
    })
    expect(errorWords(answered(400, 'Bad form.'))).toEqual({
      title: 'Request Not Accepted',
      message: 'Bad form.',
    })
  })

  test('503: the shop is resting, whatever the route', () => {
    expect(errorWords(answered(503), { unexpected: ORDER_NOT_LOADED })).toEqual(SHOP_RESTING)
  })

  test("anything else (a thrown error, a 4xx with no words) says the route's fallback", () => {
    expect(errorWords(new Error('boom'), { unexpected: ORDER_NOT_LOADED })).toEqual(
      ORDER_NOT_LOADED,
    )
    expect(errorWords(answered(403))).toEqual(UNEXPECTED_ERROR)
  })
})

let props: GeneralErrorBoundaryProps = { error: null, back: { to: '/', label: '' } }
function FailedPage() {
  return <GeneralErrorBoundary {...props} />
}
const Stub = createRoutesStub([{ path: '/account/orders/x', Component: FailedPage }])

function render(next: GeneralErrorBoundaryProps) {
  props = next
  return renderToStaticMarkup(<Stub initialEntries={['/account/orders/x']} />)
}

describe('GeneralErrorBoundary', () => {
  test('a panel: the heading, the message as an alert and a link back', () => {
    const html = render({
      error: answered(404),
      notFound: ORDER_NOT_FOUND,
      back: { to: '/account/orders', label: 'Back to Orders' },
    })
    expect(html).toMatch(/<h1[^>]*>Order Not Found<\/h1>/)
    expect(html).toMatch(/<p role="alert"[^>]*>We couldn&#x27;t find that order.<\/p>/)
    expect(html).toMatch(/<a [^>]*href="\/account\/orders"[^>]*>Back to Orders<\/a>/)
  })

  test('a whole page: the heading, the message and a way back that loads a fresh page', () => {
    const html = render({
      error: new Error('boom'),
      look: 'page',
      back: { to: '/', label: 'Back to Home' },
    })
    expect(html).toMatch(/<h1[^>]*>Something went wrong<\/h1>/)
    expect(html).toContain('An unexpected error occurred. Please try again.')
    const back = html.match(/<a [^>]*>Back to Home<\/a>/)?.[0] ?? ''
    expect(back).toContain('href="/"')
    expect(back).toContain('data-discover')
  })
})
