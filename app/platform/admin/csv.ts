// CSV for spreadsheets (the orders and newsletter exports). Two things can go wrong with a naive join:
// a value with a comma, quote or line break breaks the columns, and a value a spreadsheet
// reads as a formula (=, +, -, @, or a leading tab or carriage return) runs when the file
// is opened (CSV injection). Such a value gets a single quote in front, so it shows as text.

const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  // Numbers we wrote ourselves (cents as dollars, counts) are never formulas.
  let text = String(value)
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** Rows joined with CRLF (RFC 4180), ending with one. */
export function toCsv(
  rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>,
): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
}
