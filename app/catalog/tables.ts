// The tables catalog owns (issue 33): products, their options and pictures, and the shop's search
// index, which triggers on products keep.
export const TABLES = ['products', 'product_variants', 'product_images', 'product_search'] as const
