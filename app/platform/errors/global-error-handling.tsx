import { useEffect } from 'react'
import { type ToastInput, useToast } from '~/platform/ui/toasts'
import { getErrorReporter, installErrorReporting } from './reporter.client'

// Spec section 8, "Global": what the shopper sees when something fails that no page handled.
// Every such error is also reported to the server (D15). The reporter is a .client module:
// on the server its exports are undefined, which is fine because only effects call them.

export const APPLICATION_ERROR_TOAST = {
  type: 'error',
  title: 'Application Error',
  message: 'Something went wrong. The error has been logged.',
  duration: 8000,
} as const satisfies ToastInput

export const NETWORK_ERROR_TOAST = {
  type: 'error',
  title: 'Network Error',
  message: 'A network request failed. Please check your connection.',
  duration: 6000,
} as const satisfies ToastInput

/** Mount once, inside <ToastProvider>; renders nothing. */
export function GlobalErrorHandling() {
  const { show } = useToast()
  useEffect(
    () =>
      installErrorReporting({
        onError: () => show(APPLICATION_ERROR_TOAST),
        onRejection: () => show(NETWORK_ERROR_TOAST),
      }),
    [show],
  )
  return null
}

/**
 * For error boundaries, which catch render errors before they reach window.onerror: call it
 * from an effect (browser only) with the caught error.
 */
export function reportError(error: unknown): void {
  getErrorReporter().report(error, { context: { source: 'error-boundary' } })
}
