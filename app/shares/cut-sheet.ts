import { z } from 'zod'

// The cut sheet (ADR 31), browser-safe: the farm's choices for the butcher, one set per share.
// The same schema checks the customer's form in the browser and in the action, and reads a
// stored sheet back (a sheet that no longer parses counts as not filled in).

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const

export const CUT_SHEET_QUESTIONS = [
  {
    name: 'steak_thickness',
    legend: 'Steak thickness',
    choices: [
      { value: '0.75', label: '3/4 in' },
      { value: '1', label: '1 in' },
      { value: '1.25', label: '1 1/4 in' },
    ],
  },
  {
    name: 'steaks_per_pack',
    legend: 'Steaks per pack',
    choices: [
      { value: '1', label: '1 steak' },
      { value: '2', label: '2 steaks' },
    ],
  },
  {
    name: 'roasts',
    legend: 'Roasts',
    choices: [
      { value: 'roasts', label: 'Keep as roasts' },
      { value: 'ground', label: 'Grind them' },
    ],
  },
  {
    name: 'ground_pack',
    legend: 'Ground beef pack size',
    choices: [
      { value: '1', label: '1 lb' },
      { value: '2', label: '2 lb' },
    ],
  },
  {
    name: 'stew_meat',
    legend: 'Stew meat',
    choices: YES_NO,
  },
  {
    name: 'soup_bones',
    legend: 'Soup bones',
    choices: YES_NO,
  },
  {
    name: 'organs',
    legend: 'Organs (heart, liver, tongue)',
    choices: YES_NO,
  },
] as const

type Question = (typeof CUT_SHEET_QUESTIONS)[number]
type QuestionName = Question['name']

function choiceOf<Q extends Question>(question: Q) {
  const values = question.choices.map((choice) => choice.value) as [
    Q['choices'][number]['value'],
    ...Q['choices'][number]['value'][],
  ]
  return z.enum(values, { error: `Choose the ${question.legend.toLowerCase()}.` })
}

const [thickness, perPack, roasts, groundPack, stew, soupBones, organs] = CUT_SHEET_QUESTIONS

export const NOTES_MAX = 1000

export const CutSheetSchema = z.object({
  steak_thickness: choiceOf(thickness),
  steaks_per_pack: choiceOf(perPack),
  roasts: choiceOf(roasts),
  ground_pack: choiceOf(groundPack),
  stew_meat: choiceOf(stew),
  soup_bones: choiceOf(soupBones),
  organs: choiceOf(organs),
  notes: z
    .string()
    .trim()
    .max(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters.`)
    .optional()
    .transform((text) => text ?? ''),
})

export type CutSheet = z.output<typeof CutSheetSchema>

/** A stored sheet, or null when there is none (or it no longer reads as one). */
export function readCutSheet(json: string | null): CutSheet | null {
  if (!json) return null
  try {
    const parsed = CutSheetSchema.safeParse(JSON.parse(json))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Each answer as the butcher reads it: [legend, label]. */
export function describeCutSheet(sheet: CutSheet): Array<[string, string]> {
  const rows = CUT_SHEET_QUESTIONS.map((question): [string, string] => {
    const value = sheet[question.name as QuestionName]
    const label = question.choices.find((choice) => choice.value === value)?.label ?? value
    return [question.legend, label]
  })
  return sheet.notes ? [...rows, ['Notes', sheet.notes]] : rows
}

/** The cut sheet can be changed through the whole cut-off day, on the farm's clock. */
export function cutSheetOpen(cutoff: string, today: string): boolean {
  return today <= cutoff
}
