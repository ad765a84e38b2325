import { type SelectHTMLAttributes, useId } from 'react'
import { bindField, FieldError, type FormField } from './field'

// The select twin of TextField: visible label, error under the field, tied with
// aria-describedby and aria-invalid.

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string
  name?: string
  field?: FormField
  options: ReadonlyArray<{ value: string; label: string }>
  /** A first, empty choice such as "Select a state"; left out when not given. */
  placeholder?: string
  error?: string
}

export function SelectField({
  label,
  field,
  options,
  placeholder,
  className,
  ...own
}: SelectFieldProps) {
  const bound = bindField(field)
  const { name = bound.name, error = bound.error, ...select } = own
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <select
        key={bound.key}
        id={id}
        name={name}
        defaultValue={bound.initial}
        required={bound.props.required}
        form={bound.props.form}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="mt-1 block w-full rounded-md border border-stone-500 bg-white px-3 py-2 text-ink shadow-sm focus:border-pasture-700 focus:outline-none focus:ring-2 focus:ring-pasture-600 aria-[invalid=true]:border-red-700"
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  )
}
