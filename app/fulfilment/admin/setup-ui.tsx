import { Form } from 'react-router'
import { EmptyState } from '~/platform/admin/ui/page'
import { WEEKDAY_NAMES } from '~/platform/farm-clock'
import { Button } from '~/platform/ui/button'
import { CheckboxField, FieldError, FormMessage, TextField } from '~/platform/ui/field'
import { SelectField } from '~/platform/ui/select-field'
import { describeWindow } from './setup-forms'

// The pieces of the Fulfilment set-up pages: a place's or zone's windows, the form that adds
// one, and how an action's answer is shown. Plain forms, so they work without JavaScript.

export type SetupResult =
  | {
      ok: boolean
      message?: string
      form?: string
      fieldErrors?: Record<string, string>
      values?: Record<string, string>
    }
  | undefined

export function ResultMessage({ result }: { result: SetupResult }) {
  if (!result?.message) return null
  return <FormMessage tone={result.ok ? 'success' : 'error'}>{result.message}</FormMessage>
}

type WindowRow = Parameters<typeof describeWindow>[0] & { id: string; is_active: boolean }

export function WindowList({ windows, noun }: { windows: WindowRow[]; noun: string }) {
  if (windows.length === 0) return <EmptyState>No {noun}s yet. Add one below.</EmptyState>
  return (
    <ul className="space-y-2">
      {windows.map((window) => (
        <li
          key={window.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-earth-100 p-3"
        >
          <span className={window.is_active ? 'text-ink' : 'text-muted line-through'}>
            {describeWindow(window)}
            {window.is_active ? '' : ' (off)'}
          </span>
          <span className="flex gap-2">
            <Form method="post">
              <input type="hidden" name="windowId" value={window.id} />
              <Button type="submit" name="intent" value="toggle-window" variant="secondary">
                {window.is_active ? 'Switch off' : 'Switch on'}
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="windowId" value={window.id} />
              <Button type="submit" name="intent" value="delete-window" variant="secondary">
                Delete
              </Button>
            </Form>
          </span>
        </li>
      ))}
    </ul>
  )
}

/** Adds a weekly window or a one-off date, with its capacity and cut-off. */
export function AddWindowForm({ noun, result }: { noun: string; result: SetupResult }) {
  const mine = result?.form === 'window'
  const errors = mine ? (result?.fieldErrors ?? {}) : {}
  const values = mine ? (result?.values ?? {}) : {}
  const value = (name: string, fallback: string) => values[name] ?? fallback
  return (
    <Form method="post" noValidate className="space-y-4 rounded-md border border-earth-100 p-4">
      <input type="hidden" name="intent" value="add-window" />
      <fieldset>
        <legend className="font-semibold text-ink">Repeats</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="repeat"
              value="weekly"
              defaultChecked={value('repeat', 'weekly') === 'weekly'}
              className="h-4 w-4 accent-pasture-700"
            />
            Every week
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="repeat"
              value="once"
              defaultChecked={value('repeat', 'weekly') === 'once'}
              className="h-4 w-4 accent-pasture-700"
            />
            One date only
          </label>
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Day of the week"
          name="weekday"
          options={WEEKDAY_NAMES.map((day, index) => ({ value: String(index), label: day }))}
          defaultValue={value('weekday', '4')}
          error={errors.weekday}
        />
        <TextField
          label="Date (for one date only)"
          name="on_date"
          type="date"
          defaultValue={value('on_date', '')}
          error={errors.on_date}
        />
        <TextField
          label="Starts at"
          name="start_time"
          type="time"
          defaultValue={value('start_time', '15:00')}
          error={errors.start_time}
        />
        <TextField
          label="Ends at"
          name="end_time"
          type="time"
          defaultValue={value('end_time', '18:00')}
          error={errors.end_time}
        />
        <TextField
          label="Capacity (orders, optional)"
          name="capacity"
          inputMode="numeric"
          defaultValue={value('capacity', '')}
          error={errors.capacity}
        />
      </div>
      <fieldset>
        <legend className="font-semibold text-ink">Order cut-off</legend>
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="cutoff_kind"
              value="hours"
              defaultChecked={value('cutoff_kind', 'hours') === 'hours'}
              className="h-4 w-4 accent-pasture-700"
            />
            A number of hours ahead
          </label>
          <TextField
            label="Hours before it starts"
            name="cutoff_hours"
            inputMode="numeric"
            defaultValue={value('cutoff_hours', '24')}
            error={errors.cutoff_hours}
          />
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="cutoff_kind"
              value="days"
              defaultChecked={value('cutoff_kind', 'hours') === 'days'}
              className="h-4 w-4 accent-pasture-700"
            />
            On an earlier day, at a time
          </label>
          <div className="grid grid-cols-2 gap-2">
            <TextField
              label="Days before"
              name="cutoff_days"
              inputMode="numeric"
              defaultValue={value('cutoff_days', '2')}
              error={errors.cutoff_days}
            />
            <TextField
              label="At"
              name="cutoff_time"
              type="time"
              defaultValue={value('cutoff_time', '20:00')}
              error={errors.cutoff_time}
            />
          </div>
        </div>
        <FieldError id="cutoff-kind-error" message={errors.cutoff_kind} />
      </fieldset>
      <Button type="submit">Add {noun}</Button>
    </Form>
  )
}

export function ActiveBox({ checked }: { checked: boolean }) {
  return (
    <CheckboxField name="is_active" label="On (offered at checkout)" defaultChecked={checked} />
  )
}
