import { type FormEvent, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { type FieldErrors, parseForm } from '~/platform/forms/form-data'
import { Button } from '~/platform/ui/button'
import { FormMessage, TextField } from '~/platform/ui/field'
import { SelectField } from '~/platform/ui/select-field'
import { TextAreaField } from '~/platform/ui/text-area-field'
import {
  CONTACT_SUBJECTS,
  type ContactFormResult,
  ContactSchema,
  EMPTY_CONTACT_VALUES,
  MESSAGE_MAX_LENGTH,
} from './contact'

// The contact page's message form. It posts as a plain form (so it works without JavaScript);
// once React runs, the same schema as the action checks it first. A bad answer from the
// server brings back what was typed; a good one clears the form (a new key remounts it).

export function ContactForm({
  result,
  labelledBy,
}: {
  result: ContactFormResult | undefined
  labelledBy: string
}) {
  const navigation = useNavigation()
  const sending =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'contact'
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const failed = result && !result.ok ? result : undefined
  const errors = clientErrors ?? failed?.fieldErrors ?? {}
  const values = failed?.values ?? EMPTY_CONTACT_VALUES

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const parsed = parseForm(ContactSchema, new FormData(event.currentTarget))
    if (parsed.ok) {
      setClientErrors(null)
      return
    }
    event.preventDefault()
    setClientErrors(parsed.fieldErrors)
    const first = Object.keys(parsed.fieldErrors)[0]
    event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }

  return (
    <Form
      key={result?.ok ? result.id : 'contact'}
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={labelledBy}
      className="space-y-4"
    >
      <input type="hidden" name="intent" value="contact" />
      {result?.ok && !clientErrors ? (
        <FormMessage tone="success">{result.message}</FormMessage>
      ) : null}
      {failed?.message && !clientErrors ? (
        <FormMessage tone="error">{failed.message}</FormMessage>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={values.name}
          error={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values.email}
          error={errors.email}
        />
        <TextField
          label="Phone (optional)"
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={30}
          defaultValue={values.phone}
          error={errors.phone}
        />
        <SelectField
          label="Subject"
          name="subject"
          required
          placeholder="Select a subject"
          options={CONTACT_SUBJECTS}
          defaultValue={values.subject}
          error={errors.subject}
        />
      </div>
      <TextAreaField
        label="Message"
        name="message"
        required
        rows={6}
        maxLength={MESSAGE_MAX_LENGTH}
        defaultValue={values.message}
        error={errors.message}
      />
      <Button type="submit" disabled={sending}>
        {sending ? 'Sending...' : 'Send Message'}
      </Button>
    </Form>
  )
}
