// The tables shares owns (issue 33): the animals sold in shares and each share bought.
export const TABLES = ['animals', 'share_orders'] as const
