import { getFormProps } from '@conform-to/react'
import { data, Form, Link } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { AdminPageHeader, AdminPanel } from '~/platform/admin/ui/page'
import { getDb } from '~/platform/db/db.server'
import {
  type FormReply,
  parseSubmission,
  replyDone,
  replyInvalid,
  useSchemaForm,
} from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { Button, ButtonLink } from '~/platform/ui/button'
import { FormMessage } from '~/platform/ui/field'
import { StatusButton } from '~/platform/ui/status-button'
import { TextAreaField } from '~/platform/ui/text-area-field'
import { useIsPending } from '~/platform/ui/use-is-pending'
import { getPolicyForAdmin, savePolicy } from '~/policies/admin/policies.server'
import { PolicyFormSchema } from '~/policies/admin/policy-form'
import {
  DEFAULT_POLICIES,
  isPolicySlug,
  POLICIES,
  POLICY_MAX_LENGTH,
  policyInfo,
} from '~/policies/policies'
import type { Route } from './+types/content-policy'

function policySlug(params: { slug?: string }) {
  if (!isPolicySlug(params.slug)) throw data('Policy not found', { status: 404 })
  return params.slug
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const slug = policySlug(params)
  const text = await getPolicyForAdmin(getDb(), slug)
  return { policy: policyInfo(slug), body: text.body, edited: text.edited }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const slug = policySlug(params)
  const form = await readForm(request)
  const submission = parseSubmission(form, PolicyFormSchema)
  if (submission.status !== 'success') return replyInvalid(submission)
  if (submission.value.intent === 'reset') {
    await savePolicy(getDb(), admin.id, slug, DEFAULT_POLICIES[slug])
    return replyDone(submission, 'Default text restored.')
  }
  await savePolicy(getDb(), admin.id, slug, submission.value.body)
  return replyDone(submission, `${policyInfo(slug).title} saved.`)
}

export default function AdminPolicy({ loaderData, actionData }: Route.ComponentProps) {
  const { policy, body, edited } = loaderData
  return (
    <>
      <AdminPageHeader
        title={policy.title}
        description="A policy page of the shop, linked from the footer, sign-up and checkout."
        actions={
          <ButtonLink to={policy.path} variant="secondary">
            View Page
          </ButtonLink>
        }
      />
      <nav aria-label="Policy pages" className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {POLICIES.map((other) => (
            <li key={other.slug}>
              <Link
                to={`/admin/content/policies/${other.slug}`}
                aria-current={other.slug === policy.slug ? 'page' : undefined}
                className="inline-block rounded-full border border-earth-100 bg-white px-3 py-1 text-sm font-semibold text-pasture-800 aria-[current=page]:bg-pasture-700 aria-[current=page]:text-white"
              >
                {other.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* A new key after each save shows the saved text, not what the form last held. */}
      <PolicyForm key={body} body={body} edited={edited} reply={actionData} />
    </>
  )
}

function PolicyForm({
  body,
  edited,
  reply,
}: {
  body: string
  edited: boolean
  reply: FormReply | undefined
}) {
  const saving = useIsPending()
  const [form, fields] = useSchemaForm(PolicyFormSchema, {
    id: 'policy',
    lastResult: reply,
    defaultValue: { body },
  })
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      {reply?.status === 'success' && form.status !== 'error' ? (
        <FormMessage tone="success">{reply.message}</FormMessage>
      ) : null}
      <AdminPanel>
        <TextAreaField
          label="Policy text"
          field={fields.body}
          rows={20}
          maxLength={POLICY_MAX_LENGTH}
        />
        <p className="mt-2 text-sm text-muted">
          Leave a blank line between paragraphs. Start a line with “## ” for a heading and “- ” for
          a list item. {'{farm}'}, {'{email}'}, {'{phone}'} and {'{address}'} are replaced by the
          farm’s details from Content.
        </p>
      </AdminPanel>
      <div className="flex flex-wrap gap-3">
        <StatusButton
          type="submit"
          name="intent"
          value="save"
          status={saving ? 'pending' : 'idle'}
          pendingText="Saving..."
        >
          Save Policy
        </StatusButton>
        {edited ? (
          <Button type="submit" name="intent" value="reset" disabled={saving} variant="secondary">
            Restore Default Text
          </Button>
        ) : (
          <p className="self-center text-sm text-muted">Showing the default text.</p>
        )}
      </div>
    </Form>
  )
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.policy.title ?? 'Policy' })
