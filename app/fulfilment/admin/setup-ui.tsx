import { getFormProps } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import type { z } from 'zod'
import { AdminPageHeader, AdminPanel, EmptyState } from '~/platform/admin/ui/page'
import { WEEKDAY_NAMES } from '~/platform/farm-clock'
import { type FormDefaults, type FormReply, useSchemaForm } from '~/platform/forms/conform'
import { Button, ButtonLink } from '~/platform/ui/button'
import {
  CheckboxField,
  FieldError,
  type FormField,
  FormMessage,
  TextField,
} from '~/platform/ui/field'
import { SelectField } from '~/platform/ui/select-field'
import { describeWindow, NEW_WINDOW, OWNER_PAGES, WindowFormSchema } from './setup-forms'

// The pieces of the Fulfilment set-up pages: a place's or zone's page (its details form, its
// windows, the form that adds one) and how an action's answer is shown. Conform forms posting
// as plain forms, so they work without JavaScript.

/** The reply for the form named `name`, or nothing when another form on the page sent. */
export function replyFor(reply: FormReply | undefined, name: string) {
  return reply?.form === name ? reply : undefined
}

/** What the last post did, above the page: good news, or why it was refused. */
export function ResultMessage({ reply }: { reply: FormReply | undefined }) {
  if (!reply?.status) return null
  return reply.status === 'success' ? (
    <FormMessage tone="success">{reply.message}</FormMessage>
  ) : (
    <FormMessage tone="error">
      {reply.error?.['']?.[0] ?? 'Please check the highlighted fields.'}
    </FormMessage>
  )
}

type WindowRow = Parameters<typeof describeWindow>[0] & { id: string; is_active: boolean }

/**
 * A pickup place's or delivery zone's page: its details form (the fields its page gives, for
 * the schema its action checks), then, once saved, its windows and the form that adds one.
 */
export function OwnerPage<Schema extends z.ZodType>({
  kind,
  name,
  schema,
  defaultValue,
  fields: renderFields,
  windows,
  reply,
}: {
  kind: keyof typeof OWNER_PAGES
  /** The place's or zone's name; none while it is new */
  name: string | undefined
  schema: Schema
  defaultValue: FormDefaults<Schema>
  fields: (fields: Record<string, FormField>) => ReactNode
  windows: WindowRow[] | null
  reply: FormReply | undefined
}) {
  const words = OWNER_PAGES[kind]
  const [form, fields] = useSchemaForm(schema, {
    id: 'details',
    lastResult: replyFor(reply, 'details'),
    defaultValue,
  })
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title={name ?? words.newTitle}
        description={words.description}
        actions={
          <ButtonLink to="/admin/fulfilment/setup" variant="secondary">
            Back to set-up
          </ButtonLink>
        }
      />
      <ResultMessage reply={reply} />
      <AdminPanel title={words.detailsTitle}>
        <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value={words.intent} />
          {renderFields(fields as unknown as Record<string, FormField>)}
          <div className="sm:col-span-2">
            <CheckboxField label="On (offered at checkout)" field={fields.is_active} />
          </div>
          <div>
            <Button type="submit">{words.saveLabel}</Button>
          </div>
        </Form>
      </AdminPanel>
      {windows ? (
        <AdminPanel title={words.windowsTitle}>
          <WindowList windows={windows} noun={words.noun} />
          <h3 className="mt-6 mb-2 font-semibold text-ink">Add a {words.noun}</h3>
          <AddWindowForm noun={words.noun} reply={replyFor(reply, 'window')} />
        </AdminPanel>
      ) : null}
    </div>
  )
}

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

/** A radio button bound to a Conform field: checked when the field holds its value. */
function Radio({ field, value, label }: { field: FormField; value: string; label: string }) {
  return (
    <label className="flex items-center gap-2">
      <input
        key={field.key}
        type="radio"
        name={field.name}
        value={value}
        form={field.formId}
        defaultChecked={field.initialValue === value}
        className="h-4 w-4 accent-pasture-700"
      />
      {label}
    </label>
  )
}

/** Adds a weekly window or a one-off date, with its capacity and cut-off. */
export function AddWindowForm({ noun, reply }: { noun: string; reply: FormReply | undefined }) {
  const [form, fields] = useSchemaForm(WindowFormSchema, {
    id: 'window',
    lastResult: reply,
    defaultValue: NEW_WINDOW,
  })
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-4 rounded-md border border-earth-100 p-4"
    >
      <input type="hidden" name="intent" value="add-window" />
      <fieldset>
        <legend className="font-semibold text-ink">Repeats</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          <Radio field={fields.repeat} value="weekly" label="Every week" />
          <Radio field={fields.repeat} value="once" label="One date only" />
        </div>
        <FieldError id="repeat-error" message={fields.repeat.errors?.[0]} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Day of the week"
          field={fields.weekday}
          options={WEEKDAY_NAMES.map((day, index) => ({ value: String(index), label: day }))}
        />
        <TextField label="Date (for one date only)" field={fields.on_date} type="date" />
        <TextField label="Starts at" field={fields.start_time} type="time" />
        <TextField label="Ends at" field={fields.end_time} type="time" />
        <TextField
          label="Capacity (orders, optional)"
          field={fields.capacity}
          inputMode="numeric"
        />
      </div>
      <fieldset>
        <legend className="font-semibold text-ink">Order cut-off</legend>
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          <Radio field={fields.cutoff_kind} value="hours" label="A number of hours ahead" />
          <TextField
            label="Hours before it starts"
            field={fields.cutoff_hours}
            inputMode="numeric"
          />
          <Radio field={fields.cutoff_kind} value="days" label="On an earlier day, at a time" />
          <div className="grid grid-cols-2 gap-2">
            <TextField label="Days before" field={fields.cutoff_days} inputMode="numeric" />
            <TextField label="At" field={fields.cutoff_time} type="time" />
          </div>
        </div>
        <FieldError id="cutoff-kind-error" message={fields.cutoff_kind.errors?.[0]} />
      </fieldset>
      <Button type="submit">Add {noun}</Button>
    </Form>
  )
}
