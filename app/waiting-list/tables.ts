// The tables waiting-list owns (issue 33): who waits for what, and the units set aside for them.
export const TABLES = ['waiting_list', 'stock_holds'] as const
