import { data } from 'react-router'
import { z } from 'zod'
import { contactFaq } from '~/farm/faq'
import { FarmMap } from '~/farm/farm-map'
import { LocalBusinessJsonLd } from '~/farm/local-business-json-ld'
import { pageMeta } from '~/farm/meta'
import { describeOpeningHours } from '~/farm/opening-hours'
import { ContactSchema } from '~/messages/contact'
import { getContactPage, submitContactMessage } from '~/messages/contact.server'
import { ContactForm } from '~/messages/contact-form'
import { NewsletterSchema } from '~/newsletter/newsletter'
import { subscribeToNewsletter } from '~/newsletter/newsletter.server'
import { NewsletterForm } from '~/newsletter/newsletter-form'
import { getDb } from '~/platform/db/db.server'
import { parseSubmission, replyDone, replyInvalid, replyRefused } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { Accordion } from '~/platform/ui/accordion'
import { Heading } from '~/platform/ui/heading'
import { TextAnchor } from '~/platform/ui/link'
import { PageHero } from '~/platform/ui/page-hero'
import type { Route } from './+types/contact'

export async function loader() {
  return getContactPage(getDb())
}

// Two forms post here: the message form and the newsletter form (which other pages reuse).
const IntentSchema = z.enum(['contact', 'newsletter'])

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const intent = IntentSchema.safeParse(form.get('intent'))
  if (!intent.success) throw data('Unknown form.', { status: 400 })
  const caller = { clientIp: context.clientIp, log: context.log }

  if (intent.data === 'newsletter') {
    const submission = parseSubmission(form, NewsletterSchema)
    if (submission.status !== 'success') return replyInvalid(submission, { form: 'newsletter' })
    const outcome = await subscribeToNewsletter(getDb(), submission.value.email, caller)
    return outcome.ok
      ? replyDone(submission, outcome.message, { form: 'newsletter' })
      : replyRefused(submission, outcome.message, outcome.status, { form: 'newsletter' })
  }

  const submission = parseSubmission(form, ContactSchema)
  if (submission.status !== 'success') return replyInvalid(submission, { form: 'contact' })
  const outcome = await submitContactMessage(getDb(), submission.value, caller)
  return outcome.ok
    ? replyDone(submission, outcome.message, { form: 'contact' })
    : replyRefused(submission, outcome.message, outcome.status, { form: 'contact' })
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { farm, mapEmbedUrl, siteUrl } = loaderData
  const hours = describeOpeningHours(farm.opening_hours)
  const contactResult = actionData?.form === 'contact' ? actionData : undefined
  const newsletterResult = actionData?.form === 'newsletter' ? actionData : undefined
  const social = [
    { href: farm.facebook_url, label: 'Facebook' },
    { href: farm.instagram_url, label: 'Instagram' },
  ].filter((link): link is { href: string; label: string } => Boolean(link.href))

  return (
    <>
      <LocalBusinessJsonLd farm={farm} siteUrl={siteUrl} />
      <PageHero image={farm.contact_hero_image_url} title="Contact Us" compact>
        <p className="mt-4 max-w-2xl text-lg text-ink">
          Questions about an order, a beef share or a visit to the farm? Send us a message and one
          of us will write back, usually within a day.
        </p>
      </PageHero>

      <div className="mx-auto grid max-w-6xl items-start gap-10 px-4 py-12 lg:grid-cols-[3fr_2fr]">
        <section
          aria-labelledby="message-heading"
          className="rounded-lg border border-earth-100 bg-white p-6 shadow-sm"
        >
          <Heading level={2} id="message-heading" size="small">
            Send Us a Message
          </Heading>
          <div className="mt-6">
            <ContactForm reply={contactResult} labelledBy="message-heading" />
          </div>
        </section>

        <div className="space-y-8">
          <section aria-labelledby="farm-info-heading">
            <Heading level={2} id="farm-info-heading" size="small">
              Farm Information
            </Heading>
            <dl className="mt-4 space-y-4">
              <div>
                <dt className="font-semibold text-ink">Address</dt>
                <dd className="text-muted">
                  <address className="not-italic">{farm.address}</address>
                </dd>
              </div>
              {farm.contact_phone ? (
                <div>
                  <dt className="font-semibold text-ink">Phone</dt>
                  <dd>
                    <TextAnchor href={`tel:${farm.contact_phone.replace(/[^\d+]/g, '')}`}>
                      {farm.contact_phone}
                    </TextAnchor>
                  </dd>
                </div>
              ) : null}
              <div>
                <dt className="font-semibold text-ink">Email</dt>
                <dd>
                  <TextAnchor href={`mailto:${farm.contact_email}`}>
                    {farm.contact_email}
                  </TextAnchor>
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-ink">Opening Hours</dt>
                <dd>
                  <ul className="text-muted">
                    {hours.map((line) => (
                      <li key={line.days}>
                        {line.days}: {line.hours}
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            </dl>
            {social.length > 0 ? (
              <>
                <h3 className="mt-6 font-semibold text-ink">Follow Us</h3>
                <ul aria-label="Social media" className="mt-2 flex flex-wrap gap-4">
                  {social.map((link) => (
                    <li key={link.label}>
                      <TextAnchor href={link.href} rel="noopener noreferrer">
                        {link.label}
                      </TextAnchor>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>

          <section aria-labelledby="map-heading">
            <Heading level={2} id="map-heading" size="small">
              Find Us
            </Heading>
            <div className="mt-4">
              <FarmMap farmName={farm.name} address={farm.address} embedUrl={mapEmbedUrl} />
            </div>
          </section>

          <section
            aria-labelledby="newsletter-heading"
            className="rounded-lg border border-earth-100 bg-earth-100 p-6"
          >
            <Heading level={2} id="newsletter-heading" size="small">
              Subscribe to Our Newsletter
            </Heading>
            <p className="mt-2 text-ink">
              Seasonal news from the farm, and first word when fresh beef is ready.
            </p>
            <div className="mt-4">
              <NewsletterForm serverReply={newsletterResult} labelledBy="newsletter-heading" />
            </div>
          </section>
        </div>
      </div>

      <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 pb-8">
        <Heading level={2} id="faq-heading" size="small" className="text-center">
          Frequently Asked Questions
        </Heading>
        <div className="mt-6">
          <Accordion
            name="faq"
            items={contactFaq(hours).map((item) => ({
              id: item.id,
              title: item.question,
              content: <p>{item.answer}</p>,
            }))}
          />
        </div>
      </section>
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Contact Us',
    description:
      'Write to the farm, find our address and opening hours, book a farm tour or sign up for our newsletter.',
  })
