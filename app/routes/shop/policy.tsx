import { data } from 'react-router'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import { policyByPath } from '~/policies/policies'
import { getPolicyPage } from '~/policies/policies.server'
import { PolicyArticle } from '~/policies/policy-page'
import type { Route } from './+types/policy'

// /terms, /privacy, /shipping-pickup and /refunds: one route module, told apart by its path.
export async function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname
  const policy = policyByPath(path)
  if (!policy) throw data('Page not found', { status: 404 })
  return { path: policy.path, page: await getPolicyPage(getDb(), policy.slug) }
}

export default function Policy({ loaderData }: Route.ComponentProps) {
  return <PolicyArticle page={loaderData.page} path={loaderData.path} />
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData?.page.title ?? 'Policy',
    description: loaderData?.page.summary,
  })
