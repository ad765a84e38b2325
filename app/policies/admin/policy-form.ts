import { z } from 'zod'
import { requiredText } from '~/platform/admin/fields'
import { POLICY_MAX_LENGTH } from '../policies'

// The admin's policy form, browser-safe: the page checks it with this schema before sending
// and the action checks again. Its two buttons are its intents: Save Policy checks the text,
// Restore Default Text needs none (whatever the box holds).

export const PolicyFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('save'), body: requiredText('policy text', POLICY_MAX_LENGTH) }),
  z.object({ intent: z.literal('reset') }),
])
