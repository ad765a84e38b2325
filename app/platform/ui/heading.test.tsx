import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { Heading } from './heading'

const classes = (list: string) => list.split(/\s+/).filter(Boolean).sort()

describe('Heading', () => {
  test('an h1 with the page-title look by default', () => {
    const html = renderToStaticMarkup(<Heading level={1}>Profile</Heading>)
    const className = html.match(/^<h1 class="([^"]+)">Profile<\/h1>$/)?.[1] ?? ''
    expect(classes(className)).toEqual(classes('font-display text-3xl font-bold text-pasture-800'))
  })

  test('level, size, tone and extra classes', () => {
    const html = renderToStaticMarkup(
      <Heading level={2} size="small" tone="ink" id="t" className="pt-4">
        Order Summary
      </Heading>,
    )
    const className = html.match(/^<h2 class="([^"]+)" id="t">Order Summary<\/h2>$/)?.[1] ?? ''
    expect(classes(className)).toEqual(classes('font-display text-2xl font-bold text-ink pt-4'))
  })
})
