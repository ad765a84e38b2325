import { getFormProps } from '@conform-to/react'
import { Form } from 'react-router'
import { type FormReply, useSchemaForm } from '~/platform/forms/conform'
import { FormMessage, TextField } from '~/platform/ui/field'
import { SelectField } from '~/platform/ui/select-field'
import { StatusButton } from '~/platform/ui/status-button'
import { TextAreaField } from '~/platform/ui/text-area-field'
import { useIsPending } from '~/platform/ui/use-is-pending'
import { CONTACT_SUBJECTS, ContactSchema, MESSAGE_MAX_LENGTH } from './contact'

// The contact page's message form. It posts as a plain form (so it works without JavaScript);
// once React runs, the same schema as the action checks it first. A bad answer from the
// server brings back what was typed; a good one empties the form.

export function ContactForm({
  reply,
  labelledBy,
}: {
  reply: FormReply | undefined
  labelledBy: string
}) {
  const [form, fields] = useSchemaForm(ContactSchema, { id: 'contact', lastResult: reply })
  const sending = useIsPending({ intent: 'contact' })
  const checking = form.status === 'error'

  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby={labelledBy} className="space-y-4">
      <input type="hidden" name="intent" value="contact" />
      {reply?.status === 'success' && !checking ? (
        <FormMessage tone="success">{reply.message}</FormMessage>
      ) : null}
      <FormMessage tone="error">{form.errors?.[0]}</FormMessage>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" field={fields.name} autoComplete="name" maxLength={100} />
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
        <TextField
          label="Phone (optional)"
          field={fields.phone}
          type="tel"
          autoComplete="tel"
          maxLength={30}
        />
        <SelectField
          label="Subject"
          field={fields.subject}
          placeholder="Select a subject"
          options={CONTACT_SUBJECTS}
        />
      </div>
      <TextAreaField
        label="Message"
        field={fields.message}
        rows={6}
        maxLength={MESSAGE_MAX_LENGTH}
      />
      <StatusButton type="submit" status={sending ? 'pending' : 'idle'} pendingText="Sending...">
        Send Message
      </StatusButton>
    </Form>
  )
}
