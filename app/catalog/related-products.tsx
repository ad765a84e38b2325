import { Heading } from '~/platform/ui/heading'
import { ProductCard } from './product-card'
import type { CatalogCard } from './products.server'

/** "You May Also Like" under a product: nothing when there is nothing to offer. */
export function RelatedProducts({ cards }: { cards: readonly CatalogCard[] }) {
  if (cards.length === 0) return null
  return (
    <section aria-labelledby="related-heading" className="mt-16">
      <Heading level={2} id="related-heading">
        You May Also Like
      </Heading>
      <ul className="mt-6 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.id} className="flex">
            <ProductCard product={card} />
          </li>
        ))}
      </ul>
    </section>
  )
}
