import { mkdtempSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import pg from 'pg'
import { startServer } from './support/server-process'

// The production server as a farm runs it: its own process, its own database, real signals.

const sqliteFile = () => path.join(mkdtempSync(path.join(tmpdir(), 'farm-e2e-')), 'shop.db')

test('first start on an empty SQLite file: migrates, seeds, serves three products', async () => {
  const server = await startServer({ DATABASE_URL: `file:${sqliteFile()}` })
  try {
    const html = await (await fetch(server.url)).text()
    expect(html.match(/>View Details</g)?.length).toBe(3)
    const lines = server
      .logs()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines.map((line) => line.msg)).toContain('demo data seeded into the empty database')
    expect(lines.every((line) => typeof line.level === 'number')).toBe(true)
  } finally {
    server.process.kill('SIGTERM')
    await server.exited
  }
})

test('SIGTERM lets the request in flight finish, then closes the database and exits 0', async () => {
  const server = await startServer({ DATABASE_URL: `file:${sqliteFile()}` })
  const port = Number(new URL(server.url).port)
  const socket = net.connect(port, '127.0.0.1')
  await new Promise((resolve) => socket.once('connect', resolve))
  let response = ''
  socket.on('data', (chunk: Buffer) => {
    response += chunk
  })
  const closed = new Promise((resolve) => socket.once('close', resolve))
  // Half a request is on the wire when the signal arrives.
  socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n')
  await new Promise((resolve) => setTimeout(resolve, 100))
  server.process.kill('SIGTERM')
  await new Promise((resolve) => setTimeout(resolve, 300))
  socket.write('\r\n')
  await closed
  expect(response).toMatch(/^HTTP\/1\.1 200/)
  expect(response).toContain('"status":"ok"')
  expect(await server.exited).toBe(0)
  const messages = server.logs()
  expect(messages).toContain('finishing requests in flight, then closing the database')
  expect(messages).toContain('"msg":"stopped"')
})

test('on PostgreSQL: serves the shop, and /healthz turns 503 when the database goes away', async () => {
  const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 })
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  )
  if (!reachable) console.warn(`PostgreSQL not reachable at ${serverUrl}; skipping this test`)
  test.skip(!reachable, `PostgreSQL not reachable at ${serverUrl}`)
  const name = `farm_e2e_${process.pid}_${Date.now()}`
  await admin.query(`create database ${name}`)
  const target = new URL(serverUrl)
  target.pathname = `/${name}`
  const server = await startServer({ DATABASE_URL: target.toString(), AUTH_SECRET: 'e'.repeat(64) })
  try {
    const health = await fetch(`${server.url}/healthz`)
    expect(await health.json()).toEqual({ status: 'ok', database: 'postgres' })
    const html = await (await fetch(server.url)).text()
    expect(html.match(/>View Details</g)?.length).toBe(3)

    await admin.query(`drop database ${name} with (force)`)
    const down = await fetch(`${server.url}/healthz`)
    expect(down.status).toBe(503)
    expect(await down.json()).toEqual({ status: 'unavailable', database: 'postgres' })
  } finally {
    server.process.kill('SIGTERM')
    await server.exited
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
})
