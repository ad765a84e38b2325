import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import { getHomePage } from '~/storefront/home.server'
import { HomePage } from '~/storefront/home-page'
import type { Route } from './+types/home'

export async function loader() {
  return { ...(await getHomePage(getDb())), siteUrl: getEnv().baseUrl }
}

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  return <HomePage {...loaderData} farm={matches[0].loaderData.farm} />
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Home',
    description:
      'Grass-fed beef, farm-fresh eggs and seasonal vegetable boxes from our Idaho family farm.',
  })
