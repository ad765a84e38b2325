import { requireAdmin } from '~/auth/guards.server'
import { TeamActionSchema } from '~/farm/admin/farm-form'
import { runListAction } from '~/farm/admin/list-action.server'
import { changeTeam, listTeamForAdmin } from '~/farm/admin/team.server'
import { TeamPage } from '~/farm/admin/team-page'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import type { Route } from './+types/content-team'

// The About page's team: the list in the page's order with Move up / Move down, hide or show,
// remove; one form adds a member, or edits the one chosen with ?edit=<id>.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const team = await listTeamForAdmin(getDb())
  const editId = new URL(request.url).searchParams.get('edit')
  return { team, editing: team.find((member) => member.id === editId) ?? null }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  return runListAction(request, admin, TeamActionSchema, changeTeam)
}

export default function AdminTeam({ loaderData, actionData }: Route.ComponentProps) {
  return <TeamPage team={loaderData.team} editing={loaderData.editing} reply={actionData} />
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Team Members' })
