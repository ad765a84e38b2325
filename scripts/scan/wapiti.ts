import { spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { track } from './processes'
import type { Role } from './targets'

// wapiti (Debian's package) crawls the whole site as one role and attacks every link and form
// it finds. Debian's wapiti 3.0.4 has three faults that would leave the shop barely scanned;
// the scan works around each:
// - it asks for Brotli ("Accept-Encoding: ... br") without the module to decode it, and then
//   sees every page as empty: it is told to ask for gzip instead (-H);
// - for every form field it guesses the page's character set from scratch (chardet over the
//   whole page, about 2 s for a 100 KB page: 40 s for the shop page's 18 forms), so a crawl
//   found no form within any sensible budget: the page's declared charset is used instead;
// - its --exclude option fails on Python 3.11 (a regex flag it appends at the end): the same
//   translation with the flag in front.
// The last two are patched in the Python process that runs wapiti (LAUNCHER), not in the
// installed package.

export const WAPITI = '/usr/bin/wapiti'

const LAUNCHER = `
import re, sys
import requests.models
guess = requests.models.Response.apparent_encoding.fget
requests.models.Response.apparent_encoding = property(lambda response: response.encoding or guess(response))
import wapitiCore.net.crawler as crawler
crawler.wildcard_translate = lambda pattern: re.compile(
    '(?ms)' + '.*'.join(re.escape(part) for part in pattern.split('*')) + r'\\Z')
from wapitiCore.main.wapiti import wapiti_main
sys.argv[0] = 'wapiti'
wapiti_main()
`

/**
 * SQL (error-based and blind), XSS (reflected and stored), CRLF, file and command execution,
 * open redirects, uncommon methods, and the header, CSP and cookie checks. Not csrf: it only
 * looks for a token field, and the shop refuses other origins instead (checked by the scan
 * itself); not ssrf or xxe: they need wapiti's endpoint on the internet.
 */
export const WAPITI_MODULES = [
  'sql',
  'blindsql',
  'xss',
  'permanentxss',
  'crlf',
  'file',
  'exec',
  'redirect',
  'methods',
  'http_headers',
  'csp',
  'cookieflags',
]

export type WapitiOptions = {
  workDir: string
  /** Crawl budget (wapiti's --max-scan-time covers the crawl) */
  crawlSeconds: number
  /** Budget per attack module */
  attackSeconds: number
}

export type WapitiIssue = {
  kind: 'vulnerability' | 'anomaly'
  category: string
  info: string
  method: string
  path: string
  parameter: string
}

export type WapitiResult = {
  role: Role
  seconds: number
  urls: number
  issues: WapitiIssue[]
  /** The report without wapiti's long category descriptions */
  report: unknown
  log: string
  problems: string[]
}

type WapitiEntry = {
  method?: string
  path?: string
  info?: string
  parameter?: string
}
type WapitiReport = {
  infos?: unknown
  vulnerabilities?: Record<string, WapitiEntry[]>
  anomalies?: Record<string, WapitiEntry[]>
  additionals?: Record<string, WapitiEntry[]>
}

/** wapiti's JSON cookie file: domain, path, name. */
function cookieFile(file: string, baseUrl: string, cookie: string): void {
  const host = new URL(baseUrl).hostname
  const jar: Record<
    string,
    { value: string; expires: null; secure: boolean; port: null; version: 0 }
  > = {}
  for (const pair of cookie.split('; ').filter(Boolean)) {
    const at = pair.indexOf('=')
    jar[pair.slice(0, at)] = {
      value: pair.slice(at + 1),
      expires: null,
      secure: true,
      port: null,
      version: 0,
    }
  }
  writeFileSync(file, JSON.stringify({ [host]: { '/': jar } }, null, 2))
}

export function runWapiti(
  role: Role,
  baseUrl: string,
  cookie: string,
  startPaths: string[],
  options: WapitiOptions,
): Promise<WapitiResult> {
  const dir = path.join(options.workDir, `wapiti-${role}`)
  mkdirSync(dir, { recursive: true })
  const report = path.join(dir, 'report.json')
  const logFile = path.join(dir, 'wapiti.log')
  const cookies = path.join(dir, 'cookies.json')
  cookieFile(cookies, baseUrl, cookie)
  const args = [
    '-u',
    `${baseUrl}/`,
    '--scope',
    'folder',
    '-m',
    WAPITI_MODULES.join(','),
    '-H',
    'Accept-Encoding: gzip, deflate',
    '-c',
    cookies,
    ...startPaths.flatMap((start) => ['-s', baseUrl + start]),
    // Pictures and scripts have no parameters; signing out would end the role's session.
    ...['/images/*', '/assets/*', '/signout'].flatMap((exclude) => ['-x', baseUrl + exclude]),
    // Product cards repeat the same add-to-cart form: one or a few of each form (same path and
    // field names) are attacked, not dozens, so every kind of form fits in the time per module.
    '--scan-force',
    'sneaky',
    '--max-scan-time',
    String(options.crawlSeconds),
    '--max-attack-time',
    String(options.attackSeconds),
    '--timeout',
    '20',
    '--verify-ssl',
    '0',
    '--flush-session',
    '--store-session',
    path.join(dir, 'session'),
    '--store-config',
    path.join(dir, 'config'),
    '--no-bugreport',
    '-v',
    '1',
    '-f',
    'json',
    '-o',
    report,
  ]
  const started = performance.now()
  const log = createWriteStream(logFile)
  return new Promise((resolve, reject) => {
    const child = track(
      spawn('/usr/bin/python3', ['-c', LAUNCHER, ...args], { stdio: ['ignore', 'pipe', 'pipe'] }),
    )
    child.stdout.pipe(log)
    child.stderr.pipe(log, { end: false })
    child.on('error', reject)
    child.on('close', (code) => {
      log.end(() => {
        const text = readFileSync(logFile, 'utf8')
        const problems: string[] = []
        if (code !== 0) problems.push(`wapiti exited with code ${code}`)
        if (/Traceback \(most recent call last\)/.test(text))
          problems.push('wapiti raised a Python exception (see its log)')
        const urls = Number(/Wapiti found (\d+) URLs and forms/.exec(text)?.[1] ?? 0)
        let parsed: WapitiReport = {}
        if (existsSync(report)) parsed = JSON.parse(readFileSync(report, 'utf8')) as WapitiReport
        else problems.push('wapiti wrote no report')
        const issues: WapitiIssue[] = []
        const collect = (kind: WapitiIssue['kind'], groups: Record<string, WapitiEntry[]> = {}) => {
          for (const [category, entries] of Object.entries(groups)) {
            for (const entry of entries) {
              issues.push({
                kind,
                category,
                info: entry.info ?? '',
                method: entry.method ?? '',
                path: entry.path ?? '',
                parameter: entry.parameter ?? '',
              })
            }
          }
        }
        collect('vulnerability', parsed.vulnerabilities)
        collect('anomaly', parsed.anomalies)
        const nonEmpty = (groups: Record<string, WapitiEntry[]> = {}) =>
          Object.fromEntries(Object.entries(groups).filter(([, entries]) => entries.length))
        resolve({
          role,
          seconds: (performance.now() - started) / 1000,
          urls,
          issues,
          report: {
            infos: parsed.infos,
            vulnerabilities: nonEmpty(parsed.vulnerabilities),
            anomalies: nonEmpty(parsed.anomalies),
            additionals: nonEmpty(parsed.additionals),
          },
          log: logFile,
          problems,
        })
      })
    })
  })
}

export function wapitiVersion(): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(WAPITI, ['--version'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
    })
    child.on('close', () =>
      resolve(`wapiti ${/Wapiti[- ]([\d.]+)/.exec(out)?.[1] ?? '(unknown version)'}`),
    )
  })
}
