import { data, Link } from 'react-router'
import { pageMeta } from '~/farm/meta'
import { Heading } from '~/platform/ui/heading'
import type { Route } from './+types/not-found'

export function loader() {
  return data(null, { status: 404 })
}

// A form posted to an unknown address is a 404 too, not an error.
export function action() {
  return data(null, { status: 404 })
}

export default function NotFound() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <Heading level={1} size="large">
        Page Not Found
      </Heading>
      <p className="mt-4 text-muted">
        The page you're looking for doesn't exist or has been moved.
      </p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-md bg-pasture-700 px-5 py-3 font-semibold text-white hover:bg-pasture-800"
      >
        Back to Home
      </Link>
    </section>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Page Not Found' })
