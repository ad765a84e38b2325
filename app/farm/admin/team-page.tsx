import { getFormProps } from '@conform-to/react'
import { Form } from 'react-router'
import { ConfirmSubmitButton } from '~/platform/admin/ui/confirm-submit'
import { AdminPageHeader, AdminPanel, AdminTable, EmptyState } from '~/platform/admin/ui/page'
import { PICTURE_FILES_HINT, PictureUploadField } from '~/platform/admin/ui/picture-upload-field'
import { useSchemaForm } from '~/platform/forms/conform'
import { Button, ButtonLink, buttonVariants } from '~/platform/ui/button'
import { CheckboxField, TextField } from '~/platform/ui/field'
import { ResponsiveImage } from '~/platform/ui/responsive-image'
import { StatusButton } from '~/platform/ui/status-button'
import { TextAreaField } from '~/platform/ui/text-area-field'
import { useIsPending } from '~/platform/ui/use-is-pending'
import { TeamMemberSchema } from './farm-form'
import type { ListReply } from './list-action.server'
import { DisplayOrderButtons, ListActionMessage, replyFor } from './list-ui'
import type { AdminTeamMember } from './team.server'

// The About page's team in the back office: the list with its buttons, and the form that adds a
// member or edits the one chosen.
export function TeamPage({
  team,
  editing,
  reply,
}: {
  team: AdminTeamMember[]
  editing: AdminTeamMember | null
  reply: ListReply | undefined
}) {
  return (
    <>
      <AdminPageHeader
        title="Team Members"
        description="The people on the About page, in the order shown there. Hidden members stay here but are not shown."
        actions={
          <ButtonLink to="/admin/content" variant="secondary">
            Back to Content
          </ButtonLink>
        }
      />
      <div className="space-y-6">
        <ListActionMessage reply={reply} />
        {team.length === 0 ? (
          <EmptyState>No team members yet. Add the first one below.</EmptyState>
        ) : (
          <AdminTable caption="Team members in About page order">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Photo</th>
                <th scope="col">Name</th>
                <th scope="col">On the About page</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {team.map((member, index) => (
                <TeamRow
                  key={member.id}
                  member={member}
                  position={index + 1}
                  last={index === team.length - 1}
                />
              ))}
            </tbody>
          </AdminTable>
        )}
        {/* Keyed by what is stored, so Hide or a new photo shows in an open edit form too. */}
        <MemberForm
          key={
            editing
              ? `${editing.id}-${editing.is_active}-${editing.image_url}`
              : `new-${reply?.form === 'create' ? (reply.id ?? '') : ''}`
          }
          member={editing}
          reply={replyFor(reply, editing ? `update:${editing.id}` : 'create')}
        />
      </div>
    </>
  )
}

function TeamRow({
  member,
  position,
  last,
}: {
  member: AdminTeamMember
  position: number
  last: boolean
}) {
  const who = <span className="sr-only"> {member.name}</span>
  return (
    <tr>
      <td>{position}</td>
      <td>
        {member.image_url ? (
          <ResponsiveImage
            src={member.image_url}
            alt=""
            width={48}
            height={48}
            className="h-12 w-12 rounded-full object-cover"
          />
        ) : (
          <span className="text-muted">None</span>
        )}
      </td>
      <td>
        <p className="font-semibold">{member.name}</p>
        <p className="text-muted">{member.title}</p>
      </td>
      <td>{member.is_active ? 'Shown' : 'Hidden'}</td>
      <td>
        <div className="flex flex-wrap gap-2">
          <DisplayOrderButtons
            id={member.id}
            name={member.name}
            first={position === 1}
            last={last}
          />
          <ButtonLink to={`?edit=${member.id}`} variant="outline" size="small">
            Edit{who}
          </ButtonLink>
          <Form method="post">
            <input type="hidden" name="id" value={member.id} />
            <Button
              type="submit"
              name="intent"
              value={member.is_active ? 'hide' : 'show'}
              variant="outline"
              size="small"
            >
              {member.is_active ? 'Hide' : 'Show'}
              {who}
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="id" value={member.id} />
            <ConfirmSubmitButton
              name="intent"
              value="remove"
              title="Remove this team member?"
              question={`${member.name} will be removed from the team for good. To take them off the About page for now, use Hide instead.`}
              confirmLabel="Remove"
              className={buttonVariants({ variant: 'danger', size: 'small' })}
            >
              Remove{who}
            </ConfirmSubmitButton>
          </Form>
        </div>
      </td>
    </tr>
  )
}

function MemberForm({
  member,
  reply,
}: {
  member: AdminTeamMember | null
  reply: ListReply | undefined
}) {
  const intent = member ? 'update' : 'create'
  const [form, fields] = useSchemaForm(TeamMemberSchema, {
    id: member ? `team-${member.id}` : 'team-new',
    lastResult: reply,
    defaultValue: member
      ? { ...member, bio: member.bio ?? '', is_active: member.is_active ? 'on' : '' }
      : { is_active: 'on' },
  })
  const submitting = useIsPending({ intent })

  return (
    <AdminPanel title={member ? `Edit ${member.name}` : 'Add a team member'}>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="space-y-4"
      >
        <input type="hidden" name="intent" value={intent} />
        {member ? <input type="hidden" name="id" value={member.id} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Name" field={fields.name} maxLength={100} />
          <TextField label="Title" field={fields.title} maxLength={100} placeholder="Head Farmer" />
        </div>
        <TextAreaField label="Bio" field={fields.bio} rows={4} />
        <div className="flex flex-wrap items-end gap-4">
          {member?.image_url ? (
            <ResponsiveImage
              src={member.image_url}
              alt={`Current photo of ${member.name}`}
              width={96}
              height={96}
              className="h-24 w-24 rounded-full object-cover"
            />
          ) : null}
          <PictureUploadField
            label={member?.image_url ? 'New photo' : 'Photo'}
            name="photo"
            hint={
              member?.image_url
                ? 'Leave empty to keep the current photo.'
                : `A square picture works best. ${PICTURE_FILES_HINT}`
            }
            error={form.allErrors.photo?.[0]}
          />
        </div>
        <CheckboxField label="Show on the About page" field={fields.is_active} />
        <div className="flex flex-wrap gap-3">
          <StatusButton
            type="submit"
            status={submitting ? 'pending' : 'idle'}
            pendingText="Saving..."
          >
            {member ? 'Save Team Member' : 'Add Team Member'}
          </StatusButton>
          {member ? (
            <ButtonLink to="/admin/content/team" variant="secondary">
              Done editing
            </ButtonLink>
          ) : null}
        </div>
      </Form>
    </AdminPanel>
  )
}
