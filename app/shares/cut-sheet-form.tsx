import { getFormProps } from '@conform-to/react'
import { useId } from 'react'
import { Form } from 'react-router'
import { type FormReply, useSchemaForm } from '~/platform/forms/conform'
import { FieldError, FormMessage } from '~/platform/ui/field'
import { StatusButton } from '~/platform/ui/status-button'
import { TextAreaField } from '~/platform/ui/text-area-field'
import { useIsPending } from '~/platform/ui/use-is-pending'
import {
  CUT_SHEET_QUESTIONS,
  type CutSheet,
  CutSheetSchema,
  describeCutSheet,
  NOTES_MAX,
} from './cut-sheet'

// The customer's cut sheet (ADR 31): one fieldset with a visible legend per question, radio
// buttons for the farm's choices, and notes for the butcher. A plain form post: it works
// before JavaScript loads.

type Fields = ReturnType<typeof useSchemaForm<typeof CutSheetSchema>>[1]

export function CutSheetForm({
  stored,
  reply,
}: {
  stored: CutSheet | null
  reply: FormReply | undefined
}) {
  const saving = useIsPending()
  const [form, fields] = useSchemaForm(CutSheetSchema, {
    id: 'cut-sheet',
    lastResult: reply,
    defaultValue: stored ?? undefined,
  })
  const failed = reply?.status === 'error' || Object.keys(form.allErrors).length > 0
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      {failed ? (
        <FormMessage tone="error">
          {form.errors?.[0] ?? 'Please answer the questions marked below.'}
        </FormMessage>
      ) : reply?.message ? (
        <FormMessage tone="success">{reply.message}</FormMessage>
      ) : null}
      {CUT_SHEET_QUESTIONS.map((question) => (
        <ChoiceFieldset key={question.name} question={question} fields={fields} />
      ))}
      <TextAreaField
        label="Notes for the butcher (optional)"
        field={fields.notes}
        rows={4}
        maxLength={NOTES_MAX}
      />
      <StatusButton type="submit" status={saving ? 'pending' : 'idle'} pendingText="Saving...">
        Save Cut Sheet
      </StatusButton>
    </Form>
  )
}

function ChoiceFieldset({
  question,
  fields,
}: {
  question: (typeof CUT_SHEET_QUESTIONS)[number]
  fields: Fields
}) {
  const field = fields[question.name]
  const errorId = useId()
  const error = field.errors?.[0]
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-base font-semibold text-ink">{question.legend}</legend>
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        {question.choices.map((choice) => (
          <label key={choice.value} className="flex items-center gap-2 text-ink">
            <input
              key={field.key}
              type="radio"
              name={field.name}
              value={choice.value}
              defaultChecked={field.initialValue === choice.value}
              required
              aria-invalid={error ? true : undefined}
              className="h-4 w-4 accent-pasture-700"
            />
            {choice.label}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  )
}

/** A saved sheet as a list: read-only after the cut-off, and the butcher's print. */
export function CutSheetSummary({ sheet }: { sheet: CutSheet }) {
  return (
    <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
      {describeCutSheet(sheet).map(([legend, answer]) => (
        <div key={legend} className="contents">
          <dt className="font-semibold text-ink">{legend}</dt>
          <dd className="wrap-anywhere text-ink">{answer}</dd>
        </div>
      ))}
    </dl>
  )
}
