import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

// The shop as a farm runs it: behind a reverse proxy that ends TLS (TRUST_PROXY=true,
// BASE_URL https). The scanners talk HTTPS to this front, so they see what production sends
// (HSTS, Secure and __Host- cookies) rather than findings that only exist over plain HTTP. The
// certificate is self-signed for 127.0.0.1 and made with Debian's openssl; the scanners do not
// check certificates.

export type TlsFront = {
  /** https://127.0.0.1:PORT, the shop's BASE_URL */
  url: string
  /** Where requests go: set once the shop is listening */
  forwardTo: (port: number) => void
  close: () => Promise<void>
}

export async function startTlsFront(workDir: string): Promise<TlsFront> {
  const key = path.join(workDir, 'front-key.pem')
  const cert = path.join(workDir, 'front-cert.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  )
  let upstreamPort = 0
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 })
  const server = https.createServer(
    { key: readFileSync(key), cert: readFileSync(cert) },
    (req, res) => {
      // Like an edge proxy: the client's own X-Forwarded-* never pass through.
      const headers = { ...req.headers }
      delete headers['x-forwarded-for']
      delete headers['x-forwarded-host']
      headers['x-forwarded-for'] = req.socket.remoteAddress ?? '127.0.0.1'
      headers['x-forwarded-proto'] = 'https'
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: upstreamPort,
          method: req.method,
          path: req.url,
          headers,
          agent,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        },
      )
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' })
        res.end('The shop did not answer.')
      })
      req.pipe(upstream)
    },
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `https://127.0.0.1:${port}`,
    forwardTo: (target) => {
      upstreamPort = target
    },
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      agent.destroy()
    },
  }
}
