import { data } from 'react-router'

// Placeholder while this resource is being built (storefront issue).
export function loader() {
  throw data(null, { status: 404 })
}
