import type { Logger } from 'pino'

// What the host (server.ts) hands every loader and action.
declare module 'react-router' {
  interface AppLoadContext {
    cspNonce: string
    requestId: string
    log: Logger
  }
}
