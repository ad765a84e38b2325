// What the claim and decline pages say about a hold (ADR 29). Browser-safe.

export type HoldStatus = 'held' | 'claimed' | 'expired' | 'declined'

export const HOLD_NOT_FOUND =
  'This reservation link is not valid. Please use the link in your email as it is.'
export const HOLD_OTHER_ACCOUNT =
  'This reservation was made for another account. Sign out and sign in with the account that joined the waiting list.'
export const HOLD_DECLINED_NOW = 'Thank you. We have passed it on to the next person waiting.'

/** Why a hold can no longer be used, by its status (a 'held' one past its time is expired). */
export function holdEndedMessage(status: Exclude<HoldStatus, 'held'>): string {
  switch (status) {
    case 'claimed':
      return 'This reservation was already used for an order.'
    case 'declined':
      return 'This reservation was passed on to the next person waiting.'
    case 'expired':
      return 'This reservation has expired and went to the next person waiting. You can join the waiting list again from the product page.'
  }
}

/** "Ribeye (1 lb)" from a product's and an option's name. */
export function holdItemName(productName: string, variantName: string | null): string {
  return variantName ? `${productName} (${variantName})` : productName
}
