import type { FieldMetadata } from '@conform-to/react'
import { type ComponentProps, useId } from 'react'

// Form primitives with no shop knowledge: a visible label, the error right under the field,
// tied to it with aria-describedby and aria-invalid so screen readers announce it. Given a
// Conform `field` (platform/forms/conform.ts), each takes its name, what was typed, its first
// error and the schema's constraints from it; props given beside it win.

/** A field of any form, whatever its value and its form's shape. */
export type FormField = FieldMetadata<unknown, Record<string, unknown>, string[]>

/** What a Conform field gives a primitive; nothing when the form is not a Conform one. */
export function bindField(field: FormField | undefined) {
  if (!field) return { key: undefined, name: undefined, error: undefined, props: {} }
  const initial = field.initialValue
  return {
    // A new key when Conform resets the form (after a good answer) empties the input.
    key: field.key,
    name: field.name,
    error: field.errors?.[0],
    initial: typeof initial === 'string' ? initial : undefined,
    props: {
      form: field.formId,
      required: field.required,
      minLength: field.minLength,
      maxLength: field.maxLength,
      min: field.min,
      max: field.max,
      step: field.step,
      pattern: field.pattern,
    },
  }
}

// ComponentProps includes `ref` (a plain prop in React 19), passed on to the <input>.
type TextFieldProps = ComponentProps<'input'> & {
  label: string
  name?: string
  error?: string
  hint?: string
  field?: FormField
}

export function TextField({ label, field, hint, className, ...own }: TextFieldProps) {
  const bound = bindField(field)
  const { name = bound.name, error = bound.error, ...input } = own
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ')
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        key={bound.key}
        id={id}
        name={name}
        defaultValue={bound.initial}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="mt-1 block w-full rounded-md border border-stone-500 bg-white px-3 py-2 text-ink shadow-sm focus:border-pasture-700 focus:outline-none focus:ring-2 focus:ring-pasture-600 aria-[invalid=true]:border-red-700"
        {...bound.props}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  )
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      {message}
    </p>
  )
}

type CheckboxProps = ComponentProps<'input'> & {
  label: React.ReactNode
  name?: string
  error?: string
  field?: FormField
}

export function CheckboxField({ label, field, className, ...own }: CheckboxProps) {
  const bound = bindField(field)
  const { name = bound.name, error = bound.error, ...input } = own
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <input
          key={bound.key}
          id={id}
          name={name}
          type="checkbox"
          defaultChecked={field ? bound.initial === String(input.value ?? 'on') : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 h-4 w-4 rounded border-stone-500 accent-pasture-700"
          {...input}
        />
        <label htmlFor={id} className="text-sm text-ink">
          {label}
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  )
}

/** A message about the whole form: role="alert" for errors, role="status" for good news. */
export function FormMessage({
  tone,
  children,
}: {
  tone: 'error' | 'success'
  children: React.ReactNode
}) {
  if (!children) return null
  return tone === 'error' ? (
    <div
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      {children}
    </div>
  ) : (
    <div
      role="status"
      className="rounded-md border border-pasture-100 bg-pasture-50 px-4 py-3 text-sm text-pasture-900"
    >
      {children}
    </div>
  )
}
