import { describe, expect, test } from 'vitest'
import { CutSheetSchema, cutSheetOpen, describeCutSheet, readCutSheet } from './cut-sheet'
import { shareUnitsOfOptionName } from './shares'

const filled = {
  steak_thickness: '1.25',
  steaks_per_pack: '2',
  roasts: 'ground',
  ground_pack: '1',
  stew_meat: 'yes',
  soup_bones: 'no',
  organs: 'no',
  notes: '  Extra fat in the grind  ',
}

describe('the cut sheet', () => {
  test('takes only the farm choices and reads back as the butcher sees it', () => {
    const sheet = CutSheetSchema.parse(filled)
    expect(sheet.notes).toBe('Extra fat in the grind')
    expect(describeCutSheet(sheet)).toContainEqual(['Steak thickness', '1 1/4 in'])
    expect(describeCutSheet(sheet)).toContainEqual(['Roasts', 'Grind them'])
    expect(describeCutSheet(sheet).at(-1)).toEqual(['Notes', 'Extra fat in the grind'])
    expect(readCutSheet(JSON.stringify(sheet))).toEqual(sheet)
  })

  test('refuses a choice the farm does not offer, with the question named', () => {
    const result = CutSheetSchema.safeParse({ ...filled, steak_thickness: '2' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('Choose the steak thickness.')
  })

  test('a stored sheet that no longer parses counts as not filled in', () => {
    expect(readCutSheet(null)).toBeNull()
    expect(readCutSheet('{')).toBeNull()
    expect(readCutSheet('{"roasts":"stew"}')).toBeNull()
  })

  test('open through the whole cut-off day', () => {
    expect(cutSheetOpen('2026-12-01', '2026-11-30')).toBe(true)
    expect(cutSheetOpen('2026-12-01', '2026-12-01')).toBe(true)
    expect(cutSheetOpen('2026-12-01', '2026-12-02')).toBe(false)
  })

  test('share sizes come from the option names', () => {
    expect(shareUnitsOfOptionName('Quarter Share')).toBe(1)
    expect(shareUnitsOfOptionName('half')).toBe(2)
    expect(shareUnitsOfOptionName('Whole Beef')).toBe(4)
    expect(shareUnitsOfOptionName('Wholesale box')).toBeNull()
  })
})
