import { Price } from '~/platform/ui/price'
import type { MethodFee } from './methods'

/**
 * A fee as the summaries and the method choices show it: "Free", "$5.99", or "from $7.00"
 * for local delivery before the address says which zone.
 */
export function Fee({ cents, from }: MethodFee) {
  if (cents === 0) return 'Free'
  return from ? (
    <>
      from <Price cents={cents} />
    </>
  ) : (
    <Price cents={cents} />
  )
}
