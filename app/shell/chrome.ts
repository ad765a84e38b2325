// What frames a page: the whole site's header and footer, the checkout's reduced ones (issue
// 22 item 6: in the checkout nothing leads away but the logo and the way back to the cart, as
// in the shops people trust with a card), or the back office's own (issue 33: a sidebar and a
// top bar, no shop header or footer). A route says which in its `handle`; the root layout
// reads the deepest match's.

const CHROMES = ['site', 'checkout', 'admin'] as const
export type Chrome = (typeof CHROMES)[number]

/** A route module's `export const handle`, as far as the frame is concerned. */
export type ChromeHandle = { chrome: Chrome }

function isChromeHandle(handle: unknown): handle is ChromeHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    'chrome' in handle &&
    CHROMES.some((chrome) => chrome === handle.chrome)
  )
}

/** The frame the deepest route that names one asks for; the whole site's by default. */
export function chromeOf(matches: ReadonlyArray<{ handle: unknown }>): Chrome {
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle
    if (isChromeHandle(handle)) return handle.chrome
  }
  return 'site'
}
