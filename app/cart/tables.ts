// The tables cart owns (issue 33).
export const TABLES = ['carts', 'cart_lines'] as const
