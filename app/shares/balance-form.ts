import { z } from 'zod'

// The balance page's two buttons (ADR 31): pay the balance by card, or pay it at pickup.
export const BalanceIntentSchema = z.object({
  intent: z.enum(['card', 'pickup'], { error: 'Unknown action.' }),
})
