import { FieldError, type FormField } from '~/platform/ui/field'
import { MONTHS } from '../in-season'

// The product form's "In season" boxes (issue 22): twelve months under one name, so the form
// sends each ticked month's number ('5', '6') and the schema joins them into the column's text.
// Home's "In season now" shows the product in the months ticked here.

/** The ticked months as the form holds them: one value, several, or none. */
function tickedMonths(value: unknown): Set<string> {
  if (typeof value === 'string') return new Set([value])
  if (Array.isArray(value)) {
    return new Set(value.filter((item): item is string => typeof item === 'string'))
  }
  return new Set()
}

export function SeasonField({ field }: { field: FormField }) {
  const ticked = tickedMonths(field.initialValue)
  const error = field.errors?.[0]
  const errorId = `${field.id}-error`
  return (
    <fieldset
      className="rounded-lg border border-earth-100 bg-white p-5"
      aria-describedby={`season-help${error ? ` ${errorId}` : ''}`}
    >
      <legend className="float-left font-display text-lg font-bold text-ink">In season</legend>
      <p id="season-help" className="clear-left text-sm text-muted">
        Tick the months this is in season: Home lists it under "In season now" in those months.
        Leave all unticked for something sold all year.
      </p>
      <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4 lg:grid-cols-6">
        {MONTHS.map((name, index) => {
          const value = String(index + 1)
          const id = `${field.id}-${value}`
          return (
            <li key={name}>
              <label htmlFor={id} className="flex min-h-6 items-center gap-2 py-1 text-sm text-ink">
                <input
                  key={field.key}
                  id={id}
                  type="checkbox"
                  name={field.name}
                  value={value}
                  form={field.formId}
                  defaultChecked={ticked.has(value)}
                  aria-invalid={error ? true : undefined}
                  className="h-4 w-4 rounded border-stone-500 accent-pasture-700"
                />
                {name}
              </label>
            </li>
          )
        })}
      </ul>
      <FieldError id={errorId} message={error} />
    </fieldset>
  )
}
