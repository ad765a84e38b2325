import { Link } from 'react-router'
import { Heading } from '~/platform/ui/heading'
import { PageHero } from '~/platform/ui/page-hero'
import { ResponsiveImage } from '~/platform/ui/responsive-image'
import type { getAboutPage } from './about.server'
import { aboutPractices, aboutPracticesIntro, aboutValues, type ValueIcon } from './about-words'
import { LocalBusinessJsonLd } from './local-business-json-ld'
import { describeOpeningHours } from './opening-hours'
import { TeamMemberCard } from './team-member-card'

type AboutPageData = Awaited<ReturnType<typeof getAboutPage>>

const primaryButton =
  'inline-block rounded-md bg-pasture-700 px-6 py-3 font-semibold text-white hover:bg-pasture-800'

const ICON_PATHS: Record<ValueIcon, React.ReactNode> = {
  grass: <path d="M4 20c2-6 2-10 1-14M10 20c0-5 1-9 4-13M16 20c0-4 1-7 4-9M2 20h20" />,
  heart: <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />,
  soil: (
    <>
      <path d="M12 12V4M12 8c-2-2-5-2-6-1 1 2 4 3 6 1zM12 6c2-2 5-2 6-1-1 2-4 3-6 1z" />
      <path d="M3 14h18M5 18h2M10 18h4M17 18h2" />
    </>
  ),
  community: (
    <>
      <circle cx="8" cy="8" r="3" />
      <circle cx="16" cy="8" r="3" />
      <path d="M2 20c0-3.3 2.7-6 6-6s6 2.7 6 6M12 20c0-3.3 1.8-6 4-6s6 2.7 6 6" />
    </>
  ),
}

function ValueIconSvg({ icon }: { icon: ValueIcon }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-8 w-8 text-pasture-700"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {ICON_PATHS[icon]}
    </svg>
  )
}

// The About page: the farm's story and mission, then each section the farm has switched on
// (values, practices, team, gallery, visit).
export function AboutPage({ farm, team, gallery, siteUrl }: AboutPageData) {
  const paragraphs = farm.story.split(/\n\s*\n/).filter(Boolean)
  return (
    <>
      <LocalBusinessJsonLd farm={farm} siteUrl={siteUrl} />
      <PageHero image={farm.about_hero_image_url} eyebrow={`About ${farm.name}`} title="Our Story">
        <p className="mt-5 max-w-xl text-lg text-ink">{farm.description}</p>
      </PageHero>

      <section aria-label="Our story and mission" className="mx-auto max-w-3xl px-4 py-16">
        <div className="space-y-4 text-lg leading-relaxed text-ink">
          {paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </div>
        <div className="mt-10 rounded-lg border-l-4 border-earth-600 bg-earth-100 p-6">
          <h2 className="font-display text-2xl font-bold text-earth-700">Our Mission</h2>
          <p className="mt-2 text-lg text-ink">{farm.mission}</p>
        </div>
      </section>

      {farm.show_values_section ? (
        <section aria-labelledby="values-heading" className="bg-white">
          <div className="mx-auto max-w-6xl px-4 py-16">
            <Heading level={2} id="values-heading" className="text-center">
              {farm.values_title}
            </Heading>
            <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
              {aboutValues.map((value) => (
                <li key={value.title} className="rounded-lg bg-earth-50 p-6">
                  <ValueIconSvg icon={value.icon} />
                  <h3 className="mt-4 text-xl font-semibold text-ink">{value.title}</h3>
                  <p className="mt-2 text-muted">{value.body}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {farm.show_practices_section ? (
        <section aria-labelledby="practices-heading">
          <div className="mx-auto grid max-w-6xl items-start gap-10 px-4 py-16 md:grid-cols-2">
            <div>
              <Heading level={2} id="practices-heading">
                {farm.practices_title}
              </Heading>
              <p className="mt-4 text-lg text-ink">{aboutPracticesIntro}</p>
              <dl className="mt-6 space-y-5">
                {aboutPractices.map((practice) => (
                  <div key={practice.title}>
                    <dt className="font-semibold text-pasture-800">{practice.title}</dt>
                    <dd className="mt-1 text-muted">{practice.body}</dd>
                  </div>
                ))}
              </dl>
            </div>
            {farm.about_practices_image_url ? (
              <ResponsiveImage
                src={farm.about_practices_image_url}
                alt="Cattle grazing a fresh strip of pasture, with the mobile hen house following behind"
                width={600}
                height={450}
                sizes="(min-width: 1152px) 540px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)"
                className="w-full rounded-lg md:sticky md:top-8"
              />
            ) : null}
          </div>
        </section>
      ) : null}

      {farm.show_team_section ? (
        <section aria-labelledby="team-heading" className="bg-earth-100">
          <div className="mx-auto max-w-6xl px-4 py-16">
            <Heading level={2} id="team-heading" className="text-center">
              {farm.team_title}
            </Heading>
            {team.length === 0 ? (
              <p className="mt-6 text-center text-muted">
                Team information will be displayed here once configured.
              </p>
            ) : (
              <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
                {team.map((member) => (
                  <li key={member.id}>
                    <TeamMemberCard member={member} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      ) : null}

      {gallery.length > 0 ? (
        <section aria-labelledby="gallery-heading">
          <div className="mx-auto max-w-6xl px-4 py-16">
            <Heading level={2} id="gallery-heading" className="text-center">
              Life on the Farm
            </Heading>
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {gallery.map((image) => (
                <li key={image.id}>
                  <figure>
                    <ResponsiveImage
                      src={image.image_url}
                      alt={image.alt_text}
                      width={400}
                      height={300}
                      sizes="(min-width: 1024px) 360px, (min-width: 640px) calc(50vw - 28px), calc(100vw - 32px)"
                      className="aspect-[4/3] w-full rounded-lg object-cover"
                    />
                    {image.caption ? (
                      <figcaption className="mt-2 text-sm text-muted">{image.caption}</figcaption>
                    ) : null}
                  </figure>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {farm.show_visit_section ? (
        <section aria-labelledby="visit-heading">
          <div className="mx-auto max-w-3xl px-4 py-16 text-center">
            <Heading level={2} id="visit-heading">
              {farm.visit_title}
            </Heading>
            <p className="mt-4 text-lg text-ink">{farm.visit_description}</p>
            <div className="mt-8 grid gap-6 text-left sm:grid-cols-2">
              <div className="rounded-lg border border-earth-100 bg-white p-5">
                <h3 className="font-semibold text-ink">Address</h3>
                <address className="mt-1 not-italic text-muted">{farm.address}</address>
              </div>
              <div className="rounded-lg border border-earth-100 bg-white p-5">
                <h3 className="font-semibold text-ink">Opening Hours</h3>
                <ul className="mt-1 text-muted">
                  {describeOpeningHours(farm.opening_hours).map((line) => (
                    <li key={line.days}>
                      {line.days}: {line.hours}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
            <Link to="/contact" className={`${primaryButton} mt-8`}>
              Contact Us
            </Link>
          </div>
        </section>
      ) : null}
    </>
  )
}
