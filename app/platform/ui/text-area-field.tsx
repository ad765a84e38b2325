import { type TextareaHTMLAttributes, useId } from 'react'
import { bindField, FieldError, type FormField } from './field'

// The multi-line twin of TextField: visible label, error under the field, tied with
// aria-describedby and aria-invalid.

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string
  name?: string
  error?: string
  field?: FormField
}

export function TextAreaField({ label, field, className, ...own }: TextAreaFieldProps) {
  const bound = bindField(field)
  const { name = bound.name, error = bound.error, ...textarea } = own
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <textarea
        key={bound.key}
        id={id}
        name={name}
        defaultValue={bound.initial}
        required={bound.props.required}
        minLength={bound.props.minLength}
        maxLength={bound.props.maxLength}
        form={bound.props.form}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="mt-1 block w-full rounded-md border border-stone-500 bg-white px-3 py-2 text-ink shadow-sm focus:border-pasture-700 focus:outline-none focus:ring-2 focus:ring-pasture-600 aria-[invalid=true]:border-red-700"
        {...textarea}
      />
      <FieldError id={errorId} message={error} />
    </div>
  )
}
