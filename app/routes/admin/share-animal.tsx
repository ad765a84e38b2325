import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import { readForm } from '~/platform/forms/form-data.server'
import { AnimalPage } from '~/shares/admin/animal-page'
import { answerAnimalForm, loadAnimalPage } from '~/shares/admin/animal-page.server'
import type { Route } from './+types/share-animal'

// One animal sold in shares: /admin/shares/new adds one, /admin/shares/:id edits it, lists its
// shares with their cut sheets, and takes the hanging weight that bills every balance.

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  return loadAnimalPage(getDb(), params.id, new URL(request.url))
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  return answerAnimalForm(getDb(), await readForm(request), admin.id, params.id)
}

export default function AdminShareAnimal({ loaderData, actionData }: Route.ComponentProps) {
  return <AnimalPage page={loaderData} reply={actionData} />
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  pageMeta(matches, { title: loaded?.animal ? loaded.animal.name : 'New Animal' })
