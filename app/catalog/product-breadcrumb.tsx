import { Link } from 'react-router'

/** Home / Shop / the product: where the product page sits in the shop. */
export function ProductBreadcrumb({ productName }: { productName: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-2 text-muted">
        <li>
          <Link to="/" className="hover:text-pasture-800 hover:underline">
            Home
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          <Link to="/shop" className="hover:text-pasture-800 hover:underline">
            Shop
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          <span aria-current="page" className="font-semibold text-ink">
            {productName}
          </span>
        </li>
      </ol>
    </nav>
  )
}
