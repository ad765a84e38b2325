import { redirect } from 'react-router'
import { configuredSocialProviders } from '~/auth/auth.server'
import { AuthCard } from '~/auth/auth-card'
import { safeRedirect } from '~/auth/redirect'
import { getCurrentUser } from '~/auth/session.server'
import { pageMeta } from '~/farm/meta'
import { completeSignIn } from '~/flows/sign-in.server'
import { ButtonLink } from '~/platform/ui/button'
import { FormMessage } from '~/platform/ui/field'
import type { Route } from './+types/callback'

// Where Google, Apple or the OpenID provider send the shopper back (through better-auth's
// /api/auth/callback/{id}, which has already checked the state and made the session).
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const failed = url.searchParams.has('failed') || url.searchParams.has('error')
  const user = failed ? null : await getCurrentUser(request)
  if (user) {
    const headers = new Headers()
    await completeSignIn(request, user.id, headers)
    throw redirect(safeRedirect(url.searchParams.get('redirect')), { headers })
  }
  const provider =
    configuredSocialProviders().find((p) => p.id === url.searchParams.get('provider'))?.name ??
    'your account provider'
  const verb = url.searchParams.get('verb') === 'up' ? 'up' : 'in'
  return { message: `Failed to sign ${verb} with ${provider}. Please try again.`, verb }
}

export default function AuthCallback({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title={loaderData.verb === 'up' ? 'Sign Up' : 'Sign In'}>
      <FormMessage tone="error">{loaderData.message}</FormMessage>
      <ButtonLink to={loaderData.verb === 'up' ? '/signup' : '/signin'} className="mt-6 w-full">
        Back to {loaderData.verb === 'up' ? 'Sign Up' : 'Sign In'}
      </ButtonLink>
    </AuthCard>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Signing In' })
