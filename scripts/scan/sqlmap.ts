import { spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { track } from './processes'
import { fill, type ScanContext } from './setup'
import type { Target } from './targets'

// sqlmap (Debian's package) against each target of targets.ts, several processes at a time:
// sqlmap's detection is sequential within one process and mostly sqlmap's own CPU.

export const SQLMAP = '/usr/bin/sqlmap'

export type SqlmapOptions = { level: number; risk: number; parallel: number; workDir: string }

export type SqlmapFinding = { target: string; parameter: string; what: string }

export type SqlmapResult = {
  target: Target
  label: string
  seconds: number
  /** "GET category", "URI #1*", "POST email", ... */
  tested: string[]
  /** What the report should say besides the result */
  notes: string[]
  findings: SqlmapFinding[]
  /** sqlmap's own errors (a target it could not test is not clean) */
  problems: string[]
  log: string
}

/** `expect`: the parameters this run must test; one it did not is a problem, not a pass. */
type Run = { target: Target; label: string; args: string[]; expect: string[] }

/** Cookie names the shop sets; left out of injection unless a target tests cookies. */
const SHOP_COOKIES = '^(__Secure-|__Host-)?farm\\.'

function runsFor(target: Target, context: ScanContext, baseUrl: string, options: SqlmapOptions) {
  const ids = context.ids
  const fields = Object.fromEntries(
    Object.entries(target.fields ?? {}).map(([name, value]) => [name, fill(value, ids)]),
  )
  const form = new URLSearchParams(fields).toString()
  const path = fill(target.path, ids)
  const data: string[] = []
  if (target.json !== undefined) data.push('--data', fill(target.json, ids))
  else if (target.method === 'POST') data.push('--data', form)
  const query = target.method === 'GET' && form ? `?${form}` : ''

  const cookie = context.cookies[target.role]
  const common = [
    ...data,
    '--batch',
    '--dbms=SQLite',
    `--level=${target.cookies ? Math.max(2, options.level) : options.level}`,
    `--risk=${options.risk}`,
    // Non-GET requests need the shop's own Origin (server/security.server.ts).
    '--headers',
    `Origin: ${baseUrl}`,
    ...(cookie ? ['--cookie', cookie] : []),
    // Keep the role's session: sqlmap must not take the cookies a sign-in form sets.
    '--drop-set-cookie',
    // Pages carry a fresh CSP nonce each time; compare what the page says.
    '--text-only',
    '--skip-waf',
    // 401 (a guest's waiting-list post) and 404 (an id that does not exist) are the answers
    // some targets are aimed at; sqlmap would stop at them.
    '--ignore-code=401,404',
    // Test every parameter, even one whose answer does not change with junk appended.
    '--answers=skip those kind=N',
    '--disable-coloring',
    '--timeout=30',
    '--retries=2',
    // The shop's cookies are signed; level 2 and up would test them on every target.
    ...(target.cookies ? [] : ['--param-exclude', SHOP_COOKIES]),
  ]
  if (target.cookies) {
    const names = cookie.split('; ').map((pair) => pair.split('=')[0] ?? '')
    return [
      {
        target,
        label: target.name,
        args: ['-u', baseUrl + path.replace('*', '') + query, ...common, '-p', names.join(',')],
        expect: names,
      },
    ]
  }
  const skip = target.skip ?? []
  const fresh = Object.keys(target.fresh ?? {})
  const names = Object.keys(fields).filter((name) => !skip.includes(name))
  // Parameters are named explicitly: sqlmap would otherwise pass over any whose name contains
  // "token" (it takes them for anti-CSRF tokens), and the newsletter and reset links are that.
  const only = (list: string[]) => ['-p', list.join(',')]
  if (target.json !== undefined) {
    return [
      {
        target,
        label: target.name,
        args: ['-u', baseUrl + path + query, ...common],
        expect: jsonKeys(JSON.parse(data[1] ?? 'null')),
      },
    ]
  }
  if (path.includes('*')) {
    // sqlmap tests the marked segment and, for a form, its fields; in a GET URL only the
    // segment, so the query gets a run of its own.
    const marker = { target, label: target.name, expect: ['#1*'] }
    if (target.method === 'POST') {
      return [
        {
          ...marker,
          args: [
            '-u',
            baseUrl + path,
            ...common,
            ...(skip.length ? ['--skip', skip.join(',')] : []),
          ],
          expect: ['#1*', ...names],
        },
      ]
    }
    const pathRun = {
      ...marker,
      label: names.length ? `${target.name} (path)` : target.name,
      args: ['-u', baseUrl + path + query, ...common],
    }
    if (!names.length) return [pathRun]
    return [
      pathRun,
      {
        target,
        label: target.name,
        args: ['-u', baseUrl + path.replace('*', '') + query, ...common, ...only(names)],
        expect: names,
      },
    ]
  }
  const url = baseUrl + path + query
  if (fresh.length === 0)
    return [
      { target, label: target.name, args: ['-u', url, ...common, ...only(names)], expect: names },
    ]
  // A field that must be new each time (a sign-up's email) gets a unique value per request
  // while the others are tested, and is tested on its own run.
  const evalCode = [
    'import uuid',
    ...fresh.map((name) => `${name}='scan-'+uuid.uuid4().hex+'@example.com'`),
  ].join('; ')
  const others = names.filter((name) => !fresh.includes(name))
  return [
    {
      target,
      label: target.name,
      args: ['-u', url, ...common, ...only(others), '--eval', evalCode],
      expect: others,
    },
    ...fresh.map((name) => ({
      target,
      label: `${target.name} (${name})`,
      args: ['-u', url, ...common, ...only([name])],
      expect: [name],
    })),
  ]
}

/** The leaf keys of a JSON body: what sqlmap injects into. */
function jsonKeys(value: unknown): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap(jsonKeys))]
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) =>
      inner && typeof inner === 'object' ? jsonKeys(inner) : [key],
    )
  return []
}

const TESTED = /testing for SQL injection on (.+?) parameter '(.+?)'/
/** sqlmap's verdict, after its own false-positive check: "Parameter: id (POST)". */
const CONFIRMED = /^Parameter: (.+) \((.+)\)$/
const RULED_OUT = /false positive or unexploitable injection point detected/
/**
 * sqlmap's quick checks before its real tests. A database error message in the page ("possible
 * DBMS"), or the markup or file path sent coming back unescaped (XSS, FI), is a finding. The
 * plain "might be injectable" of a numeric parameter only means 2-1 answered like 1 (a page
 * number that falls back to 1 does); the tests that follow decide.
 */
const HEURISTIC =
  /heuristic \((basic|XSS|FI)\) test shows that (.+?) parameter '(.+?)' might (be injectable \(possible DBMS.*|be vulnerable to .*)/
const ERROR_LINE = /\[(CRITICAL|ERROR)\] (.*)/
/** sqlmap's usual words for "nothing found here", not problems. */
const EXPECTED_ERRORS = [
  'all tested parameters do not appear to be injectable',
  'possible integer casting detected',
  'possible type casting detected',
  // A 204 answer (the error-report endpoint) has no content to compare; the tests still run.
  'error checking the stability of page because of lack of content',
]

export type ParsedLog = Pick<SqlmapResult, 'tested' | 'findings' | 'problems' | 'notes'>

export function parseSqlmapLog(log: string, csv: string[]): ParsedLog {
  const tested = new Set<string>()
  const findings: SqlmapFinding[] = []
  const problems: string[] = []
  const notes: string[] = []
  for (const line of log.split('\n')) {
    const test = TESTED.exec(line)
    if (test) tested.add(`${test[1]} ${test[2]}`)
    const confirmed = CONFIRMED.exec(line.trim())
    if (confirmed)
      findings.push({
        target: '',
        parameter: `${confirmed[2]} ${confirmed[1]}`,
        what: 'injectable (confirmed by sqlmap)',
      })
    if (RULED_OUT.test(line))
      notes.push(
        'a first boolean-based hit was ruled out by sqlmap as a false positive (the page changed between requests)',
      )
    const heuristic = HEURISTIC.exec(line)
    if (heuristic)
      findings.push({
        target: '',
        parameter: `${heuristic[2]} ${heuristic[3]}`,
        what: `heuristic (${heuristic[1]}): might ${heuristic[4]}`,
      })
    const error = ERROR_LINE.exec(line)
    if (error && !EXPECTED_ERRORS.some((expected) => error[2]?.includes(expected)))
      problems.push(error[2] ?? '')
  }
  // Target URL,Place,Parameter,Technique(s),Note(s): rows sqlmap did not rule out itself.
  for (const row of csv.slice(1)) {
    if (!row.trim() || /false positive or unexploitable/.test(row)) continue
    const [, place, parameter, techniques] = row.split(',')
    const where = `${place} ${parameter}`
    if (!findings.some((finding) => finding.parameter === where))
      findings.push({ target: '', parameter: where, what: `injectable (${techniques})` })
  }
  return { tested: [...tested], findings, problems, notes }
}

function runOne(run: Run, outDir: string): Promise<SqlmapResult> {
  mkdirSync(outDir, { recursive: true })
  const logFile = path.join(outDir, 'sqlmap.log')
  const log = createWriteStream(logFile)
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = track(
      spawn(SQLMAP, [...run.args, '--output-dir', outDir], { stdio: ['ignore', 'pipe', 'pipe'] }),
    )
    child.stdout.pipe(log)
    child.stderr.pipe(log, { end: false })
    child.on('error', reject)
    child.on('close', () => {
      log.end(() => {
        const text = readFileSync(logFile, 'utf8')
        const csvFile = readdirSync(outDir).find((name) => /^results-.*\.csv$/.test(name))
        const csv = csvFile ? readFileSync(path.join(outDir, csvFile), 'utf8').split('\n') : []
        const parsed = parseSqlmapLog(text, csv)
        const missing = run.expect.filter(
          (name) => !parsed.tested.some((tested) => tested.endsWith(` ${name}`)),
        )
        if (missing.length) parsed.problems.push(`not tested: ${missing.join(', ')}`)
        for (const finding of parsed.findings) finding.target = run.label
        resolve({
          target: run.target,
          label: run.label,
          seconds: (performance.now() - started) / 1000,
          ...parsed,
          log: logFile,
        })
      })
    })
  })
}

export async function runSqlmap(
  targets: Target[],
  context: ScanContext,
  baseUrl: string,
  options: SqlmapOptions,
  progress: (result: SqlmapResult, done: number, total: number) => void,
): Promise<SqlmapResult[]> {
  const runs = targets.flatMap((target) => runsFor(target, context, baseUrl, options))
  const results: SqlmapResult[] = new Array(runs.length)
  let next = 0
  let done = 0
  async function worker() {
    while (next < runs.length) {
      const index = next++
      const run = runs[index] as Run
      const outDir = path.join(options.workDir, `run-${String(index).padStart(3, '0')}`)
      if (existsSync(outDir)) throw new Error(`${outDir} exists`)
      const result = await runOne(run, outDir)
      results[index] = result
      progress(result, ++done, runs.length)
    }
  }
  await Promise.all(Array.from({ length: options.parallel }, worker))
  return results
}

export function sqlmapVersion(): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(SQLMAP, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
    })
    child.on('close', () => resolve(out.split('\n')[0]?.trim() ?? 'unknown'))
  })
}
