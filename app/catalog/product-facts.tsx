/** The product page's small print: its category, its unit, and whether it is in stock. */
export function ProductFacts({
  category,
  unit,
  outOfStock,
}: {
  category: string
  unit: string
  outOfStock: boolean
}) {
  return (
    <dl className="mt-8 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 border-t border-earth-100 pt-6 text-sm">
      <dt className="font-semibold text-ink">Category</dt>
      <dd className="text-muted">{category}</dd>
      <dt className="font-semibold text-ink">Unit</dt>
      <dd className="text-muted">{unit}</dd>
      <dt className="font-semibold text-ink">Availability</dt>
      <dd className={outOfStock ? 'font-semibold text-red-800' : 'text-pasture-800'}>
        {outOfStock ? 'Out of Stock' : 'In Stock'}
      </dd>
    </dl>
  )
}
