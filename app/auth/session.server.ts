import { CLIENT_IP_HEADER, getAuth } from './auth.server'

export type CurrentUser = {
  id: string
  email: string
  firstName: string
  lastName: string
  isAdmin: boolean
}

// The root loader and the page's loader both ask; one session lookup per request.
const cache = new WeakMap<Request, Promise<CurrentUser | null>>()

/** Headers for better-auth calls made on the server: only what it needs, never Origin. */
export function authHeaders(request: Request, clientIp?: string): Headers {
  const headers = new Headers()
  for (const name of ['cookie', 'user-agent']) {
    const value = request.headers.get(name)
    if (value) headers.set(name, value)
  }
  if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp)
  return headers
}

async function lookup(request: Request): Promise<CurrentUser | null> {
  if (!request.headers.get('cookie')?.includes('farm.session_token')) return null
  const session = await getAuth().api.getSession({ headers: authHeaders(request) })
  if (!session) return null
  const { user } = session
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin === true,
  }
}

export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  let pending = cache.get(request)
  if (!pending) {
    pending = lookup(request)
    cache.set(request, pending)
  }
  return pending
}
