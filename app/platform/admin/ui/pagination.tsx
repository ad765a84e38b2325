import { Link, useLocation } from 'react-router'
import { type PageInfo, pageHref } from '../pagination'

/** Previous / Page N of M / Next under a list; plain links, so they work without JavaScript. */
export function Pagination({ info, label }: { info: PageInfo; label: string }) {
  const { search } = useLocation()
  if (info.pageCount <= 1) {
    return <p className="mt-4 text-sm text-muted">{countText(info)}</p>
  }
  const linkClass =
    'inline-flex min-h-11 items-center rounded-md border border-stone-500 px-4 font-semibold text-ink hover:bg-earth-50'
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex flex-wrap items-center gap-3 text-sm">
      {info.page > 1 ? (
        <Link to={pageHref(search, info.page - 1)} className={linkClass} rel="prev">
          Previous
        </Link>
      ) : null}
      <span className="text-muted" aria-current="page">
        Page {info.page} of {info.pageCount} ({countText(info)})
      </span>
      {info.page < info.pageCount ? (
        <Link to={pageHref(search, info.page + 1)} className={linkClass} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  )
}

function countText(info: PageInfo) {
  return `${info.total} ${info.total === 1 ? 'result' : 'results'}`
}
