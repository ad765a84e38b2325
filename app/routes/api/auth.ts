import { data } from 'react-router'
import { getAuth } from '~/auth/auth.server'
import type { Route } from './+types/auth'

// better-auth's HTTP endpoints are not public here: the pages call it on the server, with our
// rate limits. Only the OAuth callbacks that providers redirect (or, Apple, post) back to pass.
function isProviderCallback(request: Request) {
  return /^\/api\/auth\/callback\/[\w-]+$/.test(new URL(request.url).pathname)
}

export async function loader({ request }: Route.LoaderArgs) {
  if (!isProviderCallback(request)) throw data('Not Found', { status: 404 })
  return getAuth().handler(request)
}

export async function action({ request }: Route.ActionArgs) {
  if (!isProviderCallback(request)) throw data('Not Found', { status: 404 })
  return getAuth().handler(request)
}
