import { z } from 'zod'

// Which form on the team or gallery page a post came from, so each form takes only its own
// reply: 'create' (the add form), 'update:<id>' (an item's edit form), or 'list' (the buttons
// of the list: move, hide, show, remove).

const Sent = z.object({ intent: z.string().optional(), id: z.string().max(100).optional() })

export function listFormName(payload: unknown): string {
  const sent = Sent.safeParse(payload)
  if (!sent.success) return 'list'
  if (sent.data.intent === 'create') return 'create'
  if (sent.data.intent === 'update') return `update:${sent.data.id ?? ''}`
  return 'list'
}
