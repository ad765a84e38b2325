import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { addToast, MAX_TOASTS, type Toast, ToastProvider, ToastViewport, useToast } from './toasts'

// Timers, hover and the close button are exercised in the browser (tests/e2e/errors.spec.ts);
// here: the list rules and the markup screen readers rely on.

const toast = (id: number, overrides: Partial<Toast> = {}): Toast => ({
  id,
  type: 'info',
  title: `Title ${id}`,
  message: `Message ${id}`,
  duration: 5000,
  ...overrides,
})

test('the same toast is not stacked twice', () => {
  const shown = [toast(1, { type: 'error', title: 'Network Error', message: 'Down.' })]
  expect(
    addToast(shown, toast(2, { type: 'error', title: 'Network Error', message: 'Down.' })),
  ).toEqual(shown)
  expect(
    addToast(shown, toast(3, { type: 'warning', title: 'Network Error', message: 'Down.' })),
  ).toHaveLength(2)
})

test(`at most ${MAX_TOASTS} at once; the oldest make way`, () => {
  let list: Toast[] = []
  for (let id = 1; id <= MAX_TOASTS + 2; id++) list = addToast(list, toast(id))
  expect(list.map((t) => t.id)).toEqual([3, 4, 5, 6])
})

test('errors and warnings go to the alert region, the rest to the status region', () => {
  const html = renderToStaticMarkup(
    <ToastViewport
      toasts={[
        toast(1, { type: 'error', title: 'Application Error' }),
        toast(2, { type: 'success', title: 'Saved' }),
        toast(3, { type: 'warning', title: 'Careful' }),
        toast(4, { type: 'info', title: 'Note' }),
      ]}
      onDismiss={() => undefined}
    />,
  )
  expect(html).toMatch(/^<section aria-label="Notifications"/)
  const alert =
    /<div aria-live="assertive" role="alert"[^>]*>(.*?)<\/div><div aria-live/.exec(html)?.[1] ?? ''
  const status = /<div aria-live="polite" role="status"[^>]*>(.*)<\/section>$/.exec(html)?.[1] ?? ''
  expect(alert).toContain('Application Error')
  expect(alert).toContain('Careful')
  expect(alert).not.toContain('Saved')
  expect(status).toContain('Saved')
  expect(status).toContain('Note')
  expect(html.match(/<button type="button" aria-label="Dismiss notification"/g)).toHaveLength(4)
})

function Page() {
  useToast()
  return <p>page</p>
}

test('the live regions are there, empty, from the first render', () => {
  const html = renderToStaticMarkup(
    <ToastProvider>
      <Page />
    </ToastProvider>,
  )
  expect(html).toContain('<p>page</p><section aria-label="Notifications"')
  // Live already, but not yet an alert or a status: there is nothing to announce.
  expect(html).toContain('<div aria-live="assertive" class="flex flex-col gap-2"></div>')
  expect(html).toContain('<div aria-live="polite" class="flex flex-col gap-2"></div>')
})

test('useToast outside the provider says what is missing', () => {
  expect(() => renderToStaticMarkup(<Page />)).toThrow('useToast() needs a <ToastProvider>')
})
