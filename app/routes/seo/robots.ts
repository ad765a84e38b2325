import { getEnv } from '~/platform/env.server'
import { robotsTxt } from '~/platform/seo/sitemap'

export function loader() {
  return new Response(robotsTxt(getEnv().baseUrl), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
    },
  })
}
