// This week's "Beef shares" as the page, and beef-shares.server.ts which loads it, see them.

export type BeefShareLine = {
  id: string
  orderId: string
  orderNumber: string
  holder: string
  phone: string
  /** "Quarter", "Half", "Whole" */
  size: string
  /** the share's order still unpaid (paid at pickup): its amount, else 0 */
  depositDueCents: number
  cutSheetDone: boolean
  /** the balance and its tax; null until the animal is weighed */
  dueCents: number | null
  balanceStatus: string
}

export type BeefShareGroup = {
  animalId: string
  animalName: string
  /** "Sawtooth Meadows Farm, 9 am-noon"; null when the animal has no window */
  where: string | null
  shares: BeefShareLine[]
}
