import { Form } from 'react-router'
import { Heading } from '~/platform/ui/heading'

/** The centred card that the sign-in, sign-up and reset pages share. */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-lg border border-earth-100 bg-white p-8 shadow-sm">
        <Heading level={1} className="text-center">
          {title}
        </Heading>
        <div className="mt-6">{children}</div>
      </div>
    </section>
  )
}

export type SocialProvider = { id: string; name: string }

/** Google / Apple buttons; only providers that are configured are passed in (D18). */
export function SocialButtons({
  providers,
  redirect,
  verb,
}: {
  providers: SocialProvider[]
  redirect: string
  verb: 'Sign in' | 'Sign up'
}) {
  if (providers.length === 0) return null
  return (
    <div className="mt-6">
      <p className="relative text-center text-sm text-muted before:absolute before:left-0 before:top-1/2 before:h-px before:w-full before:bg-earth-100">
        <span className="relative bg-white px-3">Or continue with</span>
      </p>
      <div className="mt-4 grid gap-3">
        {providers.map((provider) => (
          <Form key={provider.id} method="post" action="/signin">
            <input type="hidden" name="intent" value="social" />
            <input type="hidden" name="provider" value={provider.id} />
            <input type="hidden" name="redirect" value={redirect} />
            <input type="hidden" name="verb" value={verb === 'Sign in' ? 'in' : 'up'} />
            <button
              type="submit"
              className="w-full rounded-md border border-stone-500 bg-white px-4 py-2.5 font-semibold text-ink hover:bg-earth-50"
            >
              {verb} with {provider.name}
            </button>
          </Form>
        ))}
      </div>
    </div>
  )
}
