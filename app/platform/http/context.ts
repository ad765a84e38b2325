import type { Logger } from 'pino'

// What the host (server.ts) hands every loader and action.
declare module 'react-router' {
  interface AppLoadContext {
    cspNonce: string
    requestId: string
    /** The client's IP: the socket's, or X-Forwarded-For's when TRUST_PROXY is set */
    clientIp: string
    log: Logger
  }
}
