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
