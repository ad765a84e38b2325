import { data } from 'react-router'

// Placeholder while this page is being built (storefront issue): answers 404 like an unknown path.
export function loader() {
  throw data(null, { status: 404 })
}

export default function Placeholder() {
  return null
}
