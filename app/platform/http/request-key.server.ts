// The host (server.ts) stamps every request with a fresh random key in this header, replacing
// anything a client sent. React Router hands each loader of one page view its own Request
// object, so work shared by those loaders (the session lookup) is memoised by this key.
export const REQUEST_KEY_HEADER = 'x-farm-request-key'

const TTL_MS = 30_000

/** Memoises `compute` for the duration of one request (by its key); without a key, no memo. */
export function perRequest<T>(
  store: Map<string, Promise<T>>,
  request: Request,
  compute: () => Promise<T>,
): Promise<T> {
  const key = request.headers.get(REQUEST_KEY_HEADER)
  if (!key) return compute()
  let pending = store.get(key)
  if (!pending) {
    pending = compute()
    store.set(key, pending)
    setTimeout(() => store.delete(key), TTL_MS).unref()
  }
  return pending
}

// Who made a request, for the host's request log line (the host and the app are separate module
// graphs in production, so they meet on globalThis, like the database pool). The app notes the
// user when it looks the session up; the host takes the note when the response is finished.
const USERS_KEY = Symbol.for('farm-shop.request-users')
type GlobalWithUsers = typeof globalThis & { [USERS_KEY]?: Map<string, string> }

function requestUsers(): Map<string, string> {
  const store = globalThis as GlobalWithUsers
  store[USERS_KEY] ??= new Map()
  return store[USERS_KEY]
}

export function noteRequestUser(request: Request, userId: string): void {
  const key = request.headers.get(REQUEST_KEY_HEADER)
  if (key) requestUsers().set(key, userId)
}

/** The user noted for this request key, forgotten as it is read. */
export function takeRequestUser(key: string): string | undefined {
  const users = requestUsers()
  const userId = users.get(key)
  users.delete(key)
  return userId
}
