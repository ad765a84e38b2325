// A delivery zone's ZIP codes as the farm types them: "83702-83706, 83714". Browser-safe, so
// the checkout can tell a shopper which zone their ZIP is in before they post.

export type ZipRange = { from: number; to: number }

const PART = /^(\d{5})(?:\s*-\s*(\d{5}))?$/

export const ZIP_LIST_INVALID =
  'List 5-digit ZIP codes or ranges, separated by commas, like 83702-83706, 83714.'

/** The ranges in a zone's list, or null when any part is not a ZIP or a range of ZIPs. */
export function parseZipList(text: string): ZipRange[] | null {
  const parts = text
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
  if (parts.length === 0) return null
  const ranges: ZipRange[] = []
  for (const part of parts) {
    const match = PART.exec(part)
    if (!match?.[1]) return null
    const from = Number(match[1])
    const to = Number(match[2] ?? match[1])
    if (to < from) return null
    ranges.push({ from, to })
  }
  return ranges
}

/** The first five digits of a ZIP (a ZIP+4 counts by its ZIP). */
function zipNumber(zip: string): number | null {
  const match = /^(\d{5})(?:-\d{4})?$/.exec(zip.trim())
  return match?.[1] ? Number(match[1]) : null
}

export function zipInList(zip: string, list: string): boolean {
  const n = zipNumber(zip)
  const ranges = parseZipList(list)
  if (n === null || !ranges) return false
  return ranges.some((range) => n >= range.from && n <= range.to)
}

/** "83702-83706, 83714" tidied: the farm's own order, one space after each comma. */
export function normaliseZipList(text: string): string {
  return (parseZipList(text) ?? [])
    .map((r) =>
      r.from === r.to
        ? String(r.from).padStart(5, '0')
        : `${String(r.from).padStart(5, '0')}-${String(r.to).padStart(5, '0')}`,
    )
    .join(', ')
}
