import { redirect } from 'react-router'
import { requireUser } from '~/auth/guards.server'
import type { Route } from './+types/index'

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request)
  return redirect('/account/profile')
}
