// `npm run bench:cpu`: the shop's CPU time per page, against nginx serving the same bytes.
//
// Starts the production build on a fresh demo database (one process), warms it up, then makes
// REQUESTS sequential requests for one page (the first product page by default) over one
// keep-alive connection, as a browser would ask (Accept-Encoding with br), and reads the server
// process's utime + stime from /proc/<pid>/stat before and after. The shop is measured twice:
//   - guest: no cookies, as a first visit (answered from the guest page cache, ADR 23, unless
//     PAGE_CACHE_MB=0);
//   - guest cart: with the cookie of a guest cart holding one of the product (rendered for that
//     shopper every time, as before the cache); --no-cart leaves it out.
// Then nginx (Debian's nginx-light, one process) serves the very bytes the shop sent, twice over:
//   - static: the shop's own compressed answer, stored as a file (what a cache in front would do);
//   - gzip-1: the uncompressed page, compressed by nginx on each request at gzip level 1 (the
//     nearest nginx has to the shop's brotli at quality 1 per page).
// nginx gets NGINX_FACTOR times as many requests (its CPU per request is near a clock tick).
// The shop and nginx alternate for ROUNDS rounds, so a drift in the machine's speed (ADR 16)
// touches both. Prints each round, the medians and the ratios, with the load average.
//
//   npm run bench:cpu                                 build when stale, 1000 to warm up, then
//                                                     3 rounds of 500
//   npm run bench:cpu -- --requests 1000 --rounds 5
//   npm run bench:cpu -- --path /shop --no-build      another page, build/ as it is
//   npm run bench:cpu -- --json out.json              also write the figures
//   npm run bench:cpu -- --no-build --dir /tmp/other  another checkout's build (before/after)
//
// Needs nginx (`apt-get install -y nginx-light`); without it, measures the shop alone.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import {
  buildShopIfStale,
  firstProductPath,
  freshDatabaseFile,
  startShop,
} from './support/shop-server'

const { values: options } = parseArgs({
  options: {
    requests: { type: 'string', default: '500' },
    warmup: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
    path: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    'no-cart': { type: 'boolean', default: false },
    dir: { type: 'string' },
    json: { type: 'string' },
  },
})
const REQUESTS = Number(options.requests)
const WARMUP = Number(options.warmup)
const ROUNDS = Number(options.rounds)
const NGINX = '/usr/sbin/nginx'
// nginx spends so little per request that a clock tick (10 ms) would be a large share of its
// total over REQUESTS: it gets this many times as many.
const NGINX_FACTOR = 5
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd'
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')

/** utime + stime of one process, in milliseconds (resolution: one clock tick, 10 ms). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // The command name (field 2) is in parentheses and may hold spaces: count from after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const utime = Number(fields[11])
  const stime = Number(fields[12])
  return ((utime + stime) * 1000) / TICKS_PER_SECOND
}

type Answer = { status: number; body: Buffer; headers: http.IncomingHttpHeaders }

function get(agent: http.Agent, url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            headers: response.headers,
          }),
        )
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

type Measure = {
  cpuMsPerRequest: number
  wallMsMedian: number
  bytes: number
  load: string
}

/** `count` sequential requests; the CPU `pid` spent on them, per request. */
async function measure(pid: number, url: string, count: number, cookie?: string): Promise<Measure> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const headers: Record<string, string> = {
    'accept-encoding': ACCEPT_ENCODING,
    accept: 'text/html',
    ...(cookie && { cookie }),
  }
  const walls: number[] = []
  let bytes = 0
  const load = loadAverage()
  const before = cpuMs(pid)
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    const answer = await get(agent, url, headers)
    walls.push(performance.now() - started)
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`)
    bytes = answer.body.length
  }
  const spent = cpuMs(pid) - before
  agent.destroy()
  walls.sort((a, b) => a - b)
  return {
    cpuMsPerRequest: spent / count,
    wallMsMedian: walls[Math.floor(walls.length / 2)] ?? 0,
    bytes,
    load,
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** nginx in one process (no master), serving `compressed` at /static and `plain` at /gzip. */
async function startNginx(compressed: Buffer, encoding: string, plain: Buffer) {
  const dir = mkdtempSync(path.join(tmpdir(), 'farm-nginx-'))
  const root = path.join(dir, 'root')
  mkdirSync(root)
  writeFileSync(path.join(root, 'static'), compressed)
  writeFileSync(path.join(root, 'plain'), plain)
  const port = await freePort()
  const config = `
daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location = /static {
      default_type text/html;
      charset utf-8;
      add_header Content-Encoding ${encoding};
      add_header Vary Accept-Encoding;
    }
    location = /gzip {
      default_type text/html;
      charset utf-8;
      try_files /plain =404;
      gzip on;
      gzip_comp_level 1;
      gzip_min_length 0;
    }
  }
}
`
  writeFileSync(path.join(dir, 'nginx.conf'), config)
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (let tries = 0; ; tries++) {
    const up = await new Promise<boolean>((resolve) => {
      http
        .get(`${url}/static`, (response) => resolve(response.statusCode === 200))
        .on('error', () => resolve(false))
    })
    if (up) break
    if (child.exitCode !== null || tries > 400) throw new Error('nginx did not start')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return {
    url,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGQUIT')
      await new Promise((resolve) => child.once('exit', resolve))
    },
  }
}

/** A guest cart holding one of the product: its cookie, as the shop set it. */
async function guestCartCookie(shopUrl: string, pagePath: string): Promise<string> {
  const productId = decodeURIComponent(pagePath.split('/')[2]?.split('?')[0] ?? '')
  const response = await fetch(`${shopUrl}/cart`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: shopUrl },
    body: new URLSearchParams({ intent: 'add', productId, quantity: '1' }),
    redirect: 'manual',
  })
  const cookie = response.headers.getSetCookie().find((line) => /farm\.cart=/.test(line))
  if (!response.ok || !cookie) throw new Error(`adding to a guest cart answered ${response.status}`)
  return cookie.split(';', 1)[0] ?? ''
}

const jsonFile = options.json && path.resolve(options.json)
if (options.dir) process.chdir(options.dir)
if (!options['no-build']) buildShopIfStale()
const shop = await startShop(freshDatabaseFile())
const shopPid = shop.child.pid ?? 0
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined
try {
  const pagePath = options.path ?? (await firstProductPath(shop.url))
  const pageUrl = shop.url + pagePath
  const agent = new http.Agent({ keepAlive: true })
  const compressed = await get(agent, pageUrl, { 'accept-encoding': ACCEPT_ENCODING })
  const plain = await get(agent, pageUrl, {})
  agent.destroy()
  const encoding = String(compressed.headers['content-encoding'] ?? 'identity')
  const cart = options['no-cart'] ? undefined : await guestCartCookie(shop.url, pagePath)
  console.log(
    `${pagePath}: ${plain.body.length} bytes of HTML, ${compressed.body.length} as ${encoding}; ` +
      `${ROUNDS} rounds of ${REQUESTS} sequential requests after ${WARMUP} to warm up`,
  )
  await measure(shopPid, pageUrl, WARMUP)
  if (cart) await measure(shopPid, pageUrl, WARMUP, cart)
  // Background work (the outbox, the database watch) costs CPU whether or not pages are asked
  // for: measured after the warm-up, since the first seconds after start still carry start-up.
  const idleBefore = cpuMs(shopPid)
  await new Promise((resolve) => setTimeout(resolve, 2000))
  const idleMsPerSecond = (cpuMs(shopPid) - idleBefore) / 2
  if (existsSync(NGINX)) {
    nginx = await startNginx(compressed.body, encoding, plain.body)
    await measure(nginx.pid, `${nginx.url}/static`, WARMUP)
    await measure(nginx.pid, `${nginx.url}/gzip`, WARMUP)
  } else {
    console.log(`${NGINX} not found: measuring the shop alone (apt-get install -y nginx-light)`)
  }
  const rounds: {
    shop: Measure
    shopCart?: Measure
    nginxStatic?: Measure
    nginxGzip?: Measure
  }[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const result = {
      shop: await measure(shopPid, pageUrl, REQUESTS),
      shopCart: cart ? await measure(shopPid, pageUrl, REQUESTS, cart) : undefined,
      nginxStatic: nginx
        ? await measure(nginx.pid, `${nginx.url}/static`, REQUESTS * NGINX_FACTOR)
        : undefined,
      nginxGzip: nginx
        ? await measure(nginx.pid, `${nginx.url}/gzip`, REQUESTS * NGINX_FACTOR)
        : undefined,
    }
    rounds.push(result)
    const line = (name: string, figures?: Measure) =>
      figures
        ? `${name} ${figures.cpuMsPerRequest.toFixed(3)} ms CPU/request (wall median ${figures.wallMsMedian.toFixed(2)} ms, ${figures.bytes} bytes)`
        : ''
    console.log(
      `round ${round + 1} (load ${result.shop.load}): ${[
        line('shop guest', result.shop),
        line('shop guest cart', result.shopCart),
        line('nginx static', result.nginxStatic),
        line('nginx gzip-1', result.nginxGzip),
      ]
        .filter(Boolean)
        .join('; ')}`,
    )
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
  }
  const shopCpu = median(rounds.map((round) => round.shop.cpuMsPerRequest))
  const cartCpu = median(rounds.map((round) => round.shopCart?.cpuMsPerRequest ?? Number.NaN))
  const staticCpu = median(rounds.map((round) => round.nginxStatic?.cpuMsPerRequest ?? Number.NaN))
  const gzipCpu = median(rounds.map((round) => round.nginxGzip?.cpuMsPerRequest ?? Number.NaN))
  console.log(`\nshop, guest: ${shopCpu.toFixed(3)} ms CPU per request (median of rounds)`)
  if (cart) {
    console.log(
      `shop, guest cart: ${cartCpu.toFixed(3)} ms CPU per request (guest ${((shopCpu / cartCpu) * 100).toFixed(1)}% of it)`,
    )
  }
  console.log(`  idle background work: ${idleMsPerSecond.toFixed(1)} ms CPU per second`)
  if (nginx) {
    console.log(
      `nginx static: ${staticCpu.toFixed(3)} ms per request, ${((staticCpu / shopCpu) * 100).toFixed(1)}% of the shop's (shop ${(shopCpu / staticCpu).toFixed(0)}x)`,
    )
    console.log(
      `nginx gzip-1: ${gzipCpu.toFixed(3)} ms per request, ${((gzipCpu / shopCpu) * 100).toFixed(1)}% of the shop's (shop ${(shopCpu / gzipCpu).toFixed(0)}x)`,
    )
    if (cart) {
      console.log(
        `  against the guest cart: static ${((staticCpu / cartCpu) * 100).toFixed(1)}% (shop ${(cartCpu / staticCpu).toFixed(0)}x), gzip-1 ${((gzipCpu / cartCpu) * 100).toFixed(1)}% (shop ${(cartCpu / gzipCpu).toFixed(0)}x)`,
      )
    }
  }
  console.log(`load average now: ${loadAverage()}`)
  if (jsonFile) {
    writeFileSync(
      jsonFile,
      JSON.stringify(
        { pagePath, idleMsPerSecond, shopCpu, cartCpu, staticCpu, gzipCpu, rounds },
        null,
        2,
      ),
    )
  }
} finally {
  await nginx?.stop()
  await shop.stop()
}
