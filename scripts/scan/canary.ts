import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Database from 'better-sqlite3'
import type { Target } from './targets'

// A stand-in page with a real SQL injection, on loopback, for the length of the scan: sqlmap
// runs against it first with the very options it uses on the shop. If it does not find this
// one, "nothing found" on the shop means nothing, and the scan says so. Like the shop's pages
// it is SQLite behind it and carries a fresh nonce in every answer.

export const CANARY_TARGET: Target = {
  name: 'Canary: a deliberately injectable stand-in page',
  role: 'guest',
  method: 'GET',
  path: '/search',
  fields: { category: 'Eggs' },
}

export async function startCanary(): Promise<{ url: string; close: () => Promise<void> }> {
  const db = new Database(':memory:')
  db.exec(`
    CREATE TABLE products (name TEXT, category TEXT);
    INSERT INTO products VALUES ('Pasture-Raised Eggs', 'Eggs'), ('Duck Eggs', 'Eggs'),
      ('Chuck Roast', 'Beef Cuts'), ('Wildflower Honey', 'Pantry');
  `)
  const server = http.createServer((req, res) => {
    const category = new URL(req.url ?? '/', 'http://canary').searchParams.get('category') ?? ''
    let names: string[]
    try {
      // The mistake the scan exists to catch: input pasted into SQL.
      names = (
        db.prepare(`SELECT name FROM products WHERE category = '${category}'`).all() as {
          name: string
        }[]
      ).map((row) => row.name)
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/html' })
      res.end('<!DOCTYPE html><html><body><p>Bad request.</p></body></html>')
      return
    }
    const nonce = Math.random().toString(36).slice(2)
    res.writeHead(200, { 'Content-Type': 'text/html' })
    res.end(
      `<!DOCTYPE html><html><head><script nonce="${nonce}">window.x=1</script></head><body><h1>Shop</h1><ul>${names.map((name) => `<li>${name}</li>`).join('')}</ul></body></html>`,
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      db.close()
    },
  }
}
