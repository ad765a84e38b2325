import { ACCEPTED, acceptedReason } from './accepted'
import type { ProbeResults } from './probes'
import type { SqlmapResult } from './sqlmap'
import type { ServerError } from './stack'
import type { Role, Target } from './targets'
import type { WapitiResult } from './wapiti'

// docs/security/scan.md: what ran, against what, for how long, and what it found.

export type ScanSummary = {
  date: Date
  commit: string
  versions: { sqlmap: string; wapiti: string; node: string }
  sqlmapOptions: { level: number; risk: number; parallel: number }
  wapitiModules: string[]
  wapitiBudget: { crawlSeconds: number; attackSeconds: number }
  targets: Target[]
  sqlmap: SqlmapResult[]
  wapiti: WapitiResult[]
  probes: ProbeResults
  /** Whether sqlmap found the canary's planted injection (null: not run) */
  canaryFound: boolean | null
  serverErrors: ServerError[]
  requests: number
  problems: string[]
  seconds: { total: number; setup: number; sqlmap: number; wapiti: number }
}

export type Finding = { source: string; where: string; what: string }

export function findingsOf(summary: ScanSummary): Finding[] {
  const findings: Finding[] = []
  for (const run of summary.sqlmap) {
    for (const finding of run.findings) {
      findings.push({
        source: 'sqlmap',
        where: `${run.label}: ${finding.parameter}`,
        what: finding.what,
      })
    }
  }
  for (const run of summary.wapiti) {
    for (const issue of run.issues) {
      if (acceptedReason(issue.category, issue.info)) continue
      findings.push({
        source: `wapiti (${run.role})`,
        where: `${issue.method} ${issue.path}${issue.parameter ? ` [${issue.parameter}]` : ''}`,
        what: `${issue.category}: ${issue.info}`,
      })
    }
  }
  for (const failure of summary.probes.origin.failures) {
    findings.push({
      source: 'origin check',
      where: failure.target,
      what: `posted with ${failure.how} and answered ${failure.status}, not 403`,
    })
  }
  for (const failure of summary.probes.methods.failures) {
    findings.push({
      source: 'methods check',
      where: failure.target,
      what: `${failure.how} answered ${failure.status}, not a 4xx`,
    })
  }
  for (const error of summary.serverErrors) {
    findings.push({
      source: 'server log',
      where: `${error.method} ${error.path}`,
      what: `answered ${error.status} (${error.count} times): bad input must get a 4xx`,
    })
  }
  return findings
}

const minutes = (seconds: number) =>
  seconds >= 90 ? `${(seconds / 60).toFixed(1)} min` : `${Math.round(seconds)} s`

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

export function renderReport(summary: ScanSummary): string {
  const findings = findingsOf(summary)
  const problems = [
    ...summary.problems,
    ...summary.sqlmap.flatMap((run) =>
      run.problems.map((problem) => `sqlmap, ${run.label}: ${problem}`),
    ),
    ...summary.wapiti.flatMap((run) =>
      run.problems.map((problem) => `wapiti, ${run.role}: ${problem}`),
    ),
  ]
  const tested = summary.sqlmap.reduce((sum, run) => sum + run.tested.length, 0)
  const byRole = (role: Role) => summary.targets.filter((target) => target.role === role).length
  const clean = findings.length === 0 && problems.length === 0
  const lines: string[] = []
  const push = (...more: string[]) => lines.push(...more)

  push(
    '# Security scan',
    '',
    'Written by `npm run scan` (scripts/scan.ts); do not edit by hand. The scan starts the',
    'production build twice on fresh demo SQLite databases, each behind a local TLS front',
    '(TRUST_PROXY=true, an https BASE_URL, as a farm runs it), signs in a customer and an',
    'admin over HTTP, then runs sqlmap against every form and query parameter listed in',
    'scripts/scan/targets.ts on one shop while wapiti crawls and attacks the other as guest,',
    'customer and admin. Rate limits are switched off on these throwaway databases only (a',
    '429 would hide the parameter behind it); the limits have tests of their own.',
    '',
    `**Result: ${clean ? 'clean, no finding' : `${findings.length} finding(s), ${problems.length} problem(s)`}.**`,
    '',
    '| | |',
    '| --- | --- |',
    `| Date | ${summary.date.toISOString().replace(/\.\d+Z$/, 'Z')} |`,
    `| Commit | ${summary.commit} |`,
    `| Tools | ${summary.versions.sqlmap} (Debian), ${summary.versions.wapiti} (Debian), Node.js ${summary.versions.node} |`,
    `| sqlmap | --level=${summary.sqlmapOptions.level} --risk=${summary.sqlmapOptions.risk} --dbms=SQLite --text-only, ${summary.sqlmapOptions.parallel} processes |`,
    `| wapiti | modules ${summary.wapitiModules.join(', ')}; crawl ${summary.wapitiBudget.crawlSeconds} s, ${summary.wapitiBudget.attackSeconds} s per module at most |`,
    `| Canary | ${summary.canaryFound === null ? 'not run' : summary.canaryFound ? 'sqlmap, with the same options, found the injection planted in a stand-in page (scripts/scan/canary.ts)' : 'sqlmap did NOT find the planted injection'} |`,
    `| Targets | ${summary.targets.length} (guest ${byRole('guest')}, customer ${byRole('customer')}, admin ${byRole('admin')}) in ${summary.sqlmap.length} sqlmap runs; ${tested} parameters tested |`,
    `| Crawled by wapiti | ${summary.wapiti.length ? `${summary.wapiti.map((run) => `${run.role} ${run.urls}`).join(', ')} URLs and forms` : 'not run'} |`,
    `| Other origins | ${summary.probes.origin.checked} form posts from another origin, ${summary.probes.origin.checked - summary.probes.origin.failures.length} refused with 403 |`,
    `| Other methods | ${summary.probes.methods.checked} PUT, PATCH, DELETE, OPTIONS and TRACE requests, ${summary.probes.methods.checked - summary.probes.methods.failures.length} answered with a 4xx |`,
    `| Server answers | ${summary.requests} requests logged, ${summary.serverErrors.reduce((sum, error) => sum + error.count, 0)} with a 5xx status |`,
    `| Duration | ${minutes(summary.seconds.total)} in all: setup ${minutes(summary.seconds.setup)}, sqlmap ${minutes(summary.seconds.sqlmap)}, wapiti ${minutes(summary.seconds.wapiti)} (${summary.wapiti.map((run) => `${run.role} ${minutes(run.seconds)}`).join(', ')}), side by side |`,
    '',
    '## Findings',
    '',
  )
  if (findings.length === 0) push('None.', '')
  else {
    push('| Source | Where | What |', '| --- | --- | --- |')
    for (const finding of findings)
      push(`| ${cell(finding.source)} | ${cell(finding.where)} | ${cell(finding.what)} |`)
    push('')
  }
  if (problems.length) {
    push('## Problems (parts of the scan that did not run as planned)', '')
    for (const problem of problems) push(`- ${problem}`)
    push('')
  }

  const accepted = summary.wapiti.flatMap((run) =>
    run.issues
      .filter((issue) => acceptedReason(issue.category, issue.info))
      .map((issue) => ({ role: run.role, issue })),
  )
  push('## Reported and accepted', '')
  if (accepted.length === 0) push('Nothing.', '')
  else {
    for (const entry of ACCEPTED) {
      const roles = accepted
        .filter(({ issue }) => issue.category === entry.category && issue.info === entry.info)
        .map(({ role }) => role)
      if (roles.length === 0) continue
      push(`- **${entry.category}: ${entry.info}** (wapiti, ${roles.join(', ')}). ${entry.reason}`)
    }
    push('')
  }

  push(
    '## sqlmap, target by target',
    '',
    'Each row is one sqlmap run; "URI #1*" is the path segment marked with `*` in targets.ts.',
    '',
    '| Target | Role | Request | Parameters tested | Time | Result |',
    '| --- | --- | --- | --- | --- | --- |',
  )
  for (const run of summary.sqlmap) {
    const result = run.findings.length
      ? run.findings.map((finding) => `${finding.parameter}: ${finding.what}`).join('; ')
      : run.problems.length
        ? `not clean: ${run.problems.join('; ')}`
        : ['nothing found', ...new Set(run.notes)].join('; ')
    const request = `${run.target.method} ${run.target.path}`
    const params = run.tested.map((name) => name.replace(/^\(custom\) /, '')).join(', ')
    push(
      `| ${cell(run.label)} | ${run.target.role} | \`${cell(request)}\` | ${cell(params)} | ${Math.round(run.seconds)} s | ${cell(result)} |`,
    )
  }
  push('')

  push('## wapiti, role by role', '')
  for (const run of summary.wapiti) {
    const own = run.issues.filter((issue) => !acceptedReason(issue.category, issue.info))
    push(
      `- **${run.role}**: ${run.urls} URLs and forms, ${minutes(run.seconds)}, ${own.length} finding(s); report: [wapiti-${run.role}.json](wapiti-${run.role}.json)`,
    )
  }
  push('')
  return lines.join('\n')
}
