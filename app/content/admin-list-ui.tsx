import { Form } from 'react-router'
import { FormMessage } from '~/components/ui/field'

// The team and gallery pages' shared parts. Move up / Move down for a list shown in display order (team, gallery): two small plain
// forms, so reordering works without JavaScript. The item's name is read to screen readers.

export const smallButtonClass =
  'rounded-md border border-stone-400 px-2.5 py-1 text-sm font-semibold text-ink hover:bg-earth-50 disabled:cursor-not-allowed disabled:opacity-40'

export const smallDangerButtonClass =
  'rounded-md border border-red-800 px-2.5 py-1 text-sm font-semibold text-red-800 hover:bg-red-50'

export function DisplayOrderButtons({
  id,
  name,
  first,
  last,
}: {
  id: string
  name: string
  first: boolean
  last: boolean
}) {
  return (
    <>
      {(['up', 'down'] as const).map((direction) => (
        <Form method="post" key={direction}>
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="id" value={id} />
          <button
            type="submit"
            name="direction"
            value={direction}
            className={smallButtonClass}
            disabled={direction === 'up' ? first : last}
          >
            Move {direction}
            <span className="sr-only"> {name}</span>
          </button>
        </Form>
      ))}
    </>
  )
}

/** What the last change on a list page did: good news, or why it was refused. */
export function ListActionMessage({
  result,
}: {
  result: { ok: boolean; message: string } | undefined
}) {
  if (!result) return null
  return <FormMessage tone={result.ok ? 'success' : 'error'}>{result.message}</FormMessage>
}
