import { existsSync, readFileSync } from 'node:fs'

/**
 * A generated report's hand-written part: everything from its "## Notes" heading on, so that
 * writing the figures again keeps the history and explanations people added below them.
 */
export function keptNotes(report: string): string {
  if (!existsSync(report)) return ''
  const text = readFileSync(report, 'utf8')
  const at = text.indexOf('\n## Notes')
  return at >= 0 ? text.slice(at + 1) : ''
}
