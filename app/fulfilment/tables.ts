// The tables fulfilment owns (issue 33): where and when orders are handed over, and how full
// each window is.
export const TABLES = [
  'pickup_places',
  'delivery_zones',
  'fulfilment_windows',
  'closed_dates',
  'fulfilment_bookings',
] as const
