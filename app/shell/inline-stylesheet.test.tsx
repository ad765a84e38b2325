import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { InlineStylesheet, StylesheetProvider } from './inline-stylesheet'

// The browser's side (reading back what the server sent, so hydration keeps the same text and
// the root's JavaScript carries no CSS) is exercised in the browser: tests/e2e/server.spec.ts
// and the hydration tests.

test('the server writes the stylesheet it is given, as is', () => {
  const css = '.a>.b{color:red}'
  expect(
    renderToStaticMarkup(
      <StylesheetProvider value={css}>
        <InlineStylesheet />
      </StylesheetProvider>,
    ),
  ).toBe('<style>.a>.b{color:red}</style>')
})

test('without a stylesheet and without a document, an empty element', () => {
  expect(renderToStaticMarkup(<InlineStylesheet />)).toBe('<style></style>')
})
