import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import { readForm } from '~/platform/forms/form-data.server'
import { loadWaitingListPage } from '~/waiting-list/admin/waiting-list.server'
import { answerWaitingListForm } from '~/waiting-list/admin/waiting-list-changes.server'
import { WaitingListPage } from '~/waiting-list/admin/waiting-list-page'
import type { Route } from './+types/waiting-list'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return loadWaitingListPage(getDb(), new URL(request.url))
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  return answerWaitingListForm(getDb(), await readForm(request), admin.id)
}

export default function AdminWaitingList({ loaderData, actionData }: Route.ComponentProps) {
  return <WaitingListPage page={loaderData} reply={actionData} />
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Waiting List' })
