// The tables orders owns (issue 33). counters holds one counter, the order number (ADR 11);
// the search index is kept by triggers on orders.
export const TABLES = [
  'orders',
  'order_items',
  'order_item_weights',
  'counters',
  'order_search',
] as const
