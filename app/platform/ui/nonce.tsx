import { createContext, useContext } from 'react'

// The per-request CSP nonce, set by entry.server.tsx; empty in the browser after hydration.
const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

export function useNonce(): string {
  return useContext(NonceContext)
}
