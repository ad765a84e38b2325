import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import { TextAnchor, TextLink } from './link'

let shown: React.ReactElement | null = null
function Page() {
  return shown
}
const Stub = createRoutesStub([{ path: '/', Component: Page }])

function renderInRouter(node: React.ReactElement) {
  shown = node
  return renderToStaticMarkup(<Stub initialEntries={['/']} />)
}

test('TextLink is a router link with its href and props, looking like the text links', () => {
  const html = renderInRouter(
    <TextLink to="/account/orders" target="_blank">
      Back to Orders
    </TextLink>,
  )
  const link = html.match(/<a [^>]*>Back to Orders<\/a>/)?.[0] ?? ''
  expect(link).toContain('href="/account/orders"')
  expect(link).toContain('target="_blank"')
  expect(link).toMatch(/class="[^"]*underline/)
})

test('TextAnchor is a plain <a> with the same look; layout classes are added', () => {
  const plain = renderToStaticMarkup(<TextAnchor href="tel:5551234">555 1234</TextAnchor>)
  const laidOut = renderToStaticMarkup(
    <TextAnchor href="tel:5551234" className="inline-block">
      555 1234
    </TextAnchor>,
  )
  expect(plain).toContain('href="tel:5551234"')
  const classes = (html: string) => html.match(/class="([^"]*)"/)?.[1]?.split(' ') ?? []
  expect(classes(laidOut)).toEqual([...classes(plain), 'inline-block'])
})
