import { redirect } from 'react-router'
import { signOut } from '~/auth/accounts.server'
import type { Route } from './+types/signout'

// POST only: signing out always ends at Home with the session cookies cleared.
export async function action({ request }: Route.ActionArgs) {
  throw redirect('/', { headers: await signOut(request) })
}

export function loader() {
  return redirect('/')
}
