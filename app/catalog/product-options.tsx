import { Price } from '~/platform/ui/price'
import { productPath } from './product-seo'
import type { VariantOption } from './variants'

/**
 * The product page's options, one button each. Without JavaScript each option is a GET submit
 * (?variant=id) and the server renders the page for it; with JavaScript the click is handled
 * in place (`onChoose`).
 */
export function ProductOptions({
  productId,
  options,
  selectedId,
  onChoose,
}: {
  productId: string
  options: readonly VariantOption[]
  selectedId: string | null
  onChoose: (id: string) => void
}) {
  return (
    <form method="get" action={productPath(productId)} className="mt-6">
      <fieldset>
        <legend className="text-sm font-semibold text-ink">Options</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {options.map((option) => {
            const selected = option.id === selectedId
            const soldOut = option.stock_quantity <= 0
            return (
              <button
                key={option.id}
                type="submit"
                name="variant"
                value={option.id}
                aria-pressed={selected}
                disabled={soldOut}
                onClick={(event) => {
                  event.preventDefault()
                  onChoose(option.id)
                }}
                className={`rounded-md border-2 px-4 py-2 text-left disabled:cursor-not-allowed disabled:border-stone-300 disabled:bg-stone-100 disabled:text-muted ${
                  selected
                    ? 'border-pasture-700 bg-pasture-50 text-pasture-900'
                    : 'border-stone-500 bg-white text-ink hover:border-pasture-600'
                }`}
              >
                <span className="block font-semibold">{option.name}</span>
                <span className="block text-sm">
                  <Price
                    cents={option.price_cents}
                    unit={option.average_weight_centi_lb ? 'lb' : null}
                  />
                  {soldOut ? ' · Out of Stock' : null}
                </span>
              </button>
            )
          })}
        </div>
      </fieldset>
    </form>
  )
}
