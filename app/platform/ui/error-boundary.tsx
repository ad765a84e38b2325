import { useEffect } from 'react'
import { isRouteErrorResponse } from 'react-router'
import { reportError } from '~/platform/errors/global-error-handling'
import { refusalOf } from '~/platform/errors/refusal'
import { ButtonLink } from './button'
import { Heading } from './heading'
import { TextLink } from './link'

// The one error page (Epic Stack's GeneralErrorBoundary): a route passes its own words for what
// it could not find and for anything else, and the way back; the answers every page gives alike
// (a refused request in the server's words, the shop resting) are here.

export type ErrorWords = { title: string; message: string }

export const PAGE_NOT_FOUND: ErrorWords = {
  title: 'Page Not Found',
  message: "The page you're looking for doesn't exist or has been moved.",
}

export const UNEXPECTED_ERROR: ErrorWords = {
  title: 'Something went wrong',
  message: 'An unexpected error occurred. Please try again.',
}

// 503: the database took no write (a full disk, a read-only file). A form posted without
// JavaScript gets the server's own page for it; one posted by a fetcher lands here.
export const SHOP_RESTING: ErrorWords = {
  title: "We'll be right back",
  message:
    'The shop is taking a short break. Your cart and orders are safe. Please try again in a minute.',
}

export type GeneralErrorBoundaryProps = {
  error: unknown
  /** what a 404 says: the route's own words for the thing it could not find */
  notFound?: ErrorWords
  /** what any other failure says */
  unexpected?: ErrorWords
  back: { to: string; label: string }
  /**
   * `page`: the whole page, centred, with a button home (the root, a product);
   * `panel`: inside the page's layout, with a text link back (an account page).
   */
  look?: 'page' | 'panel'
  /** layout around a panel that has no layout of its own */
  className?: string
}

/** The words for an error: a 404, a refusal (403 and other 4xx with a message), 503, the rest. */
export function errorWords(
  error: unknown,
  { notFound = PAGE_NOT_FOUND, unexpected = UNEXPECTED_ERROR } = {},
): ErrorWords {
  if (isRouteErrorResponse(error) && error.status === 404) return notFound
  if (isRouteErrorResponse(error) && error.status === 503) return SHOP_RESTING
  return refusalOf(error) ?? unexpected
}

export function GeneralErrorBoundary({
  error,
  notFound,
  unexpected,
  back,
  look = 'panel',
  className,
}: GeneralErrorBoundaryProps) {
  // Responses the server chose to send (404, 403) are not faults; anything thrown is.
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportError(error)
  }, [error])
  const { title, message } = errorWords(error, { notFound, unexpected })
  if (look === 'page') {
    // A fresh document on the way back: whatever failed starts again from nothing.
    return (
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <Heading level={1} size="large">
          {title}
        </Heading>
        <p className="mt-4 text-muted">{message}</p>
        <ButtonLink to={back.to} reloadDocument className="mt-8">
          {back.label}
        </ButtonLink>
      </section>
    )
  }
  return (
    <div className={className ? `space-y-4 ${className}` : 'space-y-4'}>
      <Heading level={1}>{title}</Heading>
      <p role="alert" className="text-ink">
        {message}
      </p>
      <TextLink to={back.to}>{back.label}</TextLink>
    </div>
  )
}
