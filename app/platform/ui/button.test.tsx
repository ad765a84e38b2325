import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, test } from 'vitest'
import { Button, ButtonAnchor, ButtonLink, buttonVariants } from './button'

// The class strings the pages used before these components (issue 19): each look must keep
// exactly the same classes, in any order.
const before = {
  primary:
    'inline-flex items-center justify-center rounded-md bg-pasture-700 px-5 py-2.5 font-semibold text-white hover:bg-pasture-800 disabled:cursor-not-allowed disabled:bg-stone-500',
  secondary:
    'inline-flex items-center justify-center rounded-md border-2 border-pasture-700 px-5 py-2 font-semibold text-pasture-800 hover:bg-pasture-50',
  danger:
    'inline-flex items-center justify-center rounded-md border-2 border-red-800 px-5 py-2 font-semibold text-red-800 hover:bg-red-50',
  outlineSmall:
    'rounded-md border border-stone-500 px-2.5 py-1 text-sm font-semibold text-ink hover:bg-earth-50 disabled:cursor-not-allowed disabled:opacity-40',
  dangerSmall:
    'rounded-md border border-red-800 px-2.5 py-1 text-sm font-semibold text-red-800 hover:bg-red-50',
  outlineMedium:
    'inline-flex items-center rounded-md border border-stone-500 px-3 py-1.5 text-sm font-semibold text-ink hover:bg-earth-50',
  outlineIcon:
    'flex h-11 w-11 items-center justify-center rounded-md border border-stone-500 bg-white text-xl font-bold text-ink hover:bg-earth-50 disabled:cursor-not-allowed disabled:opacity-40',
}

const classes = (list: string) => list.split(/\s+/).filter(Boolean).sort()

describe('buttonVariants', () => {
  test('primary at the default size when nothing is said', () => {
    expect(classes(buttonVariants())).toEqual(classes(before.primary))
  })

  test.each([
    ['secondary', 'default', before.secondary],
    ['danger', 'default', before.danger],
    ['outline', 'small', before.outlineSmall],
    ['danger', 'small', before.dangerSmall],
    // the saved addresses' actions; the quantity stepper's minus and plus
    [
      'outline',
      'medium',
      `${before.outlineMedium} disabled:cursor-not-allowed disabled:opacity-40`,
    ],
    ['outline', 'icon', before.outlineIcon],
  ] as const)('%s at size %s keeps its classes', (variant, size, expected) => {
    expect(classes(buttonVariants({ variant, size }))).toEqual(classes(expected))
  })

  test('className adds classes after the look', () => {
    expect(buttonVariants({ variant: 'secondary', className: 'mt-6 w-full' })).toMatch(
      / mt-6 w-full$/,
    )
  })
})

function LinkPage() {
  return (
    <ButtonLink to="/shop" variant="secondary" className="mt-6">
      Continue Shopping
    </ButtonLink>
  )
}

describe('Button, ButtonLink and ButtonAnchor', () => {
  test('a <button> passes every attribute on and adds no type', () => {
    const html = renderToStaticMarkup(
      <Button name="intent" value="save" disabled aria-describedby="hint" data-x="1">
        Save
      </Button>,
    )
    expect(html).toMatch(/^<button [^>]*value="save" disabled=""/)
    expect(html).toContain('name="intent"')
    expect(html).toContain('aria-describedby="hint"')
    expect(html).toContain('data-x="1"')
    expect(html).not.toContain('type=')
    expect(html).toContain('>Save</button>')
  })

  test('an explicit type stays', () => {
    expect(renderToStaticMarkup(<Button type="button">Print</Button>)).toContain('type="button"')
  })

  test('a link and an anchor get the same look', () => {
    const Stub = createRoutesStub([{ path: '/', Component: LinkPage }])
    const link = renderToStaticMarkup(<Stub />)
    expect(link).toContain('href="/shop"')
    expect(link).toContain(`class="${buttonVariants({ variant: 'secondary', className: 'mt-6' })}"`)
    const anchor = renderToStaticMarkup(<ButtonAnchor href="mailto:a@b.c">Reply</ButtonAnchor>)
    expect(anchor).toBe(`<a href="mailto:a@b.c" class="${buttonVariants()}">Reply</a>`)
  })
})
