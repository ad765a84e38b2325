import { getAboutPage } from '~/farm/about.server'
import { AboutPage } from '~/farm/about-page'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import type { Route } from './+types/about'

export async function loader() {
  return getAboutPage(getDb())
}

export default function About({ loaderData }: Route.ComponentProps) {
  return <AboutPage {...loaderData} />
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'About Us',
    description:
      'Three generations of grass-fed beef, pasture-raised eggs and vegetables on our Idaho family farm: our story, how we farm and the people behind it.',
  })
