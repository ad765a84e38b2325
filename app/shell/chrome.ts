// What frames a page: the whole site's header and footer, or the checkout's reduced ones (issue
// 22 item 6: in the checkout nothing leads away but the logo and the way back to the cart, as
// in the shops people trust with a card). A route says which in its `handle`; the root layout
// reads the deepest match's.

export type Chrome = 'site' | 'checkout'

/** A route module's `export const handle`, as far as the frame is concerned. */
export type ChromeHandle = { chrome: Chrome }

function isChromeHandle(handle: unknown): handle is ChromeHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    'chrome' in handle &&
    (handle.chrome === 'site' || handle.chrome === 'checkout')
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
