import { useId } from 'react'
import { UPLOAD_ACCEPT } from '~/platform/images/image-url'
import { FieldError, type FormField, TextField } from '~/platform/ui/field'

// The back office's one picture upload field: a file input taking what the shop can resize,
// with what it takes said beside it and its complaint under it, and, where the picture needs
// one, its description for people who cannot see it.

/** What every picture field takes, said beside it. */
export const PICTURE_FILES_HINT = 'JPEG, PNG, WebP or AVIF, up to 20 MB.'

export function PictureUploadField({
  label,
  name = 'image',
  hint = PICTURE_FILES_HINT,
  error,
  description,
}: {
  label: string
  /** the file's name in the post; `image` unless the form says otherwise */
  name?: string
  hint?: string
  error?: string
  /** the picture's description (alt text), asked for under it, with an example */
  description?: { label: string; field: FormField; example: string }
}) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  return (
    <>
      <div>
        <label htmlFor={id} className="block text-sm font-semibold text-ink">
          {label}
        </label>
        <input
          id={id}
          name={name}
          type="file"
          accept={UPLOAD_ACCEPT}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          className="mt-1 block w-full text-sm text-ink file:mr-3 file:rounded-md file:border file:border-stone-500 file:bg-earth-50 file:px-3 file:py-1.5 file:font-semibold"
        />
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
        <FieldError id={errorId} message={error} />
      </div>
      {description ? (
        <TextField
          label={description.label}
          field={description.field}
          hint={`What the picture shows, for people who cannot see it, like: ${description.example}`}
        />
      ) : null}
    </>
  )
}
