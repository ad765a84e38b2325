import { isRouteErrorResponse } from 'react-router'

/**
 * The server's own words for a request it refused: a 4xx other than 404 thrown with a message
 * (`data('...', { status: 400 })`: a form that could not be read, a null character, a refused
 * action). Null for anything else, which the boundaries word themselves.
 */
export function refusalOf(error: unknown): { title: string; message: string } | null {
  if (!isRouteErrorResponse(error) || error.status === 404) return null
  if (error.status < 400 || error.status > 499) return null
  if (typeof error.data !== 'string' || error.data.trim() === '') return null
  return {
    title: error.status === 403 ? 'Not Allowed' : 'Request Not Accepted',
    message: error.data,
  }
}
