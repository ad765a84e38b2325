import type { Page } from '@playwright/test'

// What the screenshots script and the visual regression test share: the two widths the
// storefront is judged at, and how a page is made ready to be pictured.

export const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true } as const
export const LAPTOP = { width: 1366, height: 768, isMobile: false, hasTouch: false } as const
export const WIDTHS = [PHONE, LAPTOP] as const

/**
 * Ready to picture: React has taken the whole page over (the header's menus change once it has),
 * pictures below the fold load at once rather than when scrolled to (a full-page picture does
 * not scroll), every picture is decoded, the web fonts are in, nothing has focus (a filled
 * field keeps its focus ring), and the page is at the top, where its sticky header belongs.
 */
export async function settle(page: Page): Promise<void> {
  const scripted = await page.evaluate(
    () => document.querySelector('script[type="module"]') !== null,
  )
  if (scripted) {
    // React marks each element as it hydrates it, in document order; the body is marked
    // first, the footer after everything above it.
    await page.waitForFunction(() => {
      const footer = document.querySelector('footer')
      return footer !== null && Object.keys(footer).some((key) => key.startsWith('__reactFiber'))
    })
  }
  await page.evaluate(async () => {
    for (const image of document.querySelectorAll('img')) image.loading = 'eager'
    await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)))
    await document.fonts.ready
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
    window.scrollTo(0, 0)
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  })
}
