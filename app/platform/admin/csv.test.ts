import { expect, test } from 'vitest'
import { csvCell, toCsv } from './csv'

test('plain values pass through; commas, quotes and line breaks are quoted', () => {
  expect(csvCell('Ann Lee')).toBe('Ann Lee')
  expect(csvCell(12)).toBe('12')
  expect(csvCell(null)).toBe('')
  expect(csvCell('Smith, Jr.')).toBe('"Smith, Jr."')
  expect(csvCell('say "hi"')).toBe('"say ""hi"""')
  expect(csvCell('line\nbreak')).toBe('"line\nbreak"')
})

test('text a spreadsheet would run as a formula gets a single quote in front', () => {
  expect(csvCell('=1+1')).toBe("'=1+1")
  expect(csvCell('+1 208 555')).toBe("'+1 208 555")
  expect(csvCell('-5')).toBe("'-5")
  expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
  expect(csvCell('\tx')).toBe("'\tx")
  expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`)
  // our own numbers are not formulas
  expect(csvCell(-5)).toBe('-5')
})

test('toCsv joins rows with CRLF and ends with one', () => {
  expect(
    toCsv([
      ['a', 'b'],
      ['1', '=2'],
    ]),
  ).toBe("a,b\r\n1,'=2\r\n")
})
