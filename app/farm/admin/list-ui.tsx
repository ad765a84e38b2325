import { Form } from 'react-router'
import type { FormReply } from '~/platform/forms/conform'
import { Button } from '~/platform/ui/button'
import { FormMessage } from '~/platform/ui/field'

// The team and gallery pages' shared parts. Move up / Move down for a list shown in display order (team, gallery): two small plain
// forms, so reordering works without JavaScript. The item's name is read to screen readers.

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
          <Button
            type="submit"
            name="direction"
            value={direction}
            variant="outline"
            size="small"
            disabled={direction === 'up' ? first : last}
          >
            Move {direction}
            <span className="sr-only"> {name}</span>
          </Button>
        </Form>
      ))}
    </>
  )
}

/** What the last change on a list page did: good news, or why it was refused. */
export function ListActionMessage({ reply }: { reply: FormReply | undefined }) {
  if (!reply?.status) return null
  return reply.status === 'success' ? (
    <FormMessage tone="success">{reply.message}</FormMessage>
  ) : (
    <FormMessage tone="error">
      {reply.error?.['']?.[0] ?? 'Please fix the fields marked below.'}
    </FormMessage>
  )
}

/** The reply for the form named `name` (listFormName), or nothing when another form sent. */
export function replyFor<Reply extends FormReply>(
  reply: Reply | undefined,
  name: string,
): Reply | undefined {
  return reply?.form === name ? reply : undefined
}
