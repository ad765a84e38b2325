import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { StatusButton } from './status-button'

const render = (node: React.ReactElement) => renderToStaticMarkup(node)
// The accessible name: the text without what screen readers are told to skip.
const nameOf = (html: string) =>
  html
    .replace(/<span aria-hidden="true"[^>]*>[^<]*<\/span>/g, '')
    .replace(/<[^>]+>/g, '')
    .trim()

describe('StatusButton', () => {
  test('idle: its own words, enabled, not busy', () => {
    const html = render(
      <StatusButton type="submit" status="idle" pendingText="Saving...">
        Save Settings
      </StatusButton>,
    )
    expect(nameOf(html)).toBe('Save Settings')
    expect(html).not.toContain('disabled=""')
    expect(html).not.toContain('aria-busy')
  })

  test('pending: disabled and busy, saying what it is doing', () => {
    const html = render(
      <StatusButton type="submit" status="pending" pendingText="Saving...">
        Save Settings
      </StatusButton>,
    )
    expect(nameOf(html)).toBe('Saving...')
    expect(html).toContain('disabled=""')
    expect(html).toContain('aria-busy="true"')
  })

  test('pending without pending words keeps its name', () => {
    const html = render(
      <StatusButton type="submit" status="pending">
        Pay Now
      </StatusButton>,
    )
    expect(nameOf(html)).toBe('Pay Now')
    expect(html).toContain('disabled=""')
  })

  test('success and error add a mark screen readers skip; the name stays', () => {
    for (const status of ['success', 'error'] as const) {
      const html = render(
        <StatusButton type="submit" status={status}>
          Save Settings
        </StatusButton>,
      )
      expect(nameOf(html)).toBe('Save Settings')
      expect(html).toContain(`data-status="${status}"`)
      expect(html).toContain('aria-hidden="true"')
      expect(html).not.toContain('disabled=""')
    }
  })

  test("a caller's own disabled still holds when idle", () => {
    const html = render(
      <StatusButton type="submit" status="idle" disabled>
        Create Account
      </StatusButton>,
    )
    expect(html).toContain('disabled=""')
  })
})
