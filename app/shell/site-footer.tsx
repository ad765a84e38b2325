import { Link } from 'react-router'
import { describeOpeningHours } from '~/farm/opening-hours'
import { POLICIES } from '~/policies/policies'
import type { Chrome } from './chrome'

type FooterFarm = {
  name: string
  description: string
  contact_email: string
  contact_phone: string
  address: string
  facebook_url: string | null
  instagram_url: string | null
  opening_hours: string
}

const QUICK_LINKS = [
  { to: '/shop', label: 'Shop' },
  { to: '/grass-fed-beef', label: 'Grass-Fed Beef' },
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact' },
] as const

/** The checkout's footer: only the policies a shopper may want to read before paying. */
function CheckoutFooter({ farmName }: { farmName: string }) {
  return (
    <footer className="mt-16 border-t border-earth-100 bg-white text-sm text-muted">
      <div className="mx-auto max-w-6xl px-4 py-6">
        <nav aria-label="Policies">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {POLICIES.map((policy) => (
              <li key={policy.slug}>
                <Link
                  to={policy.path}
                  className="underline underline-offset-4 hover:text-pasture-800"
                >
                  {policy.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-3">
          © {new Date().getFullYear()} {farmName}
        </p>
      </div>
    </footer>
  )
}

export function SiteFooter({ farm, chrome = 'site' }: { farm: FooterFarm; chrome?: Chrome }) {
  if (chrome === 'checkout') return <CheckoutFooter farmName={farm.name} />
  const social = [
    { href: farm.facebook_url, label: 'Facebook' },
    { href: farm.instagram_url, label: 'Instagram' },
  ].filter((link): link is { href: string; label: string } => Boolean(link.href))
  return (
    <footer className="on-dark mt-16 bg-pasture-900 text-pasture-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-4">
        <div className="md:col-span-2">
          <h2 className="font-display text-2xl font-bold">{farm.name}</h2>
          <p className="mt-3 max-w-md text-pasture-100">{farm.description}</p>
          {social.length > 0 ? (
            <ul aria-label="Social media" className="mt-4 flex gap-4">
              {social.map((link) => (
                <li key={link.label}>
                  <a
                    href={link.href}
                    rel="noopener noreferrer"
                    className="underline underline-offset-4 hover:text-white"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <nav aria-label="Quick links">
          <h2 className="font-semibold uppercase tracking-wide">Quick Links</h2>
          <ul className="mt-3 space-y-2">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-pasture-100 hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold uppercase tracking-wide">Contact</h2>
          <address className="mt-3 space-y-2 not-italic text-pasture-100 [overflow-wrap:anywhere]">
            <p>{farm.address}</p>
            {farm.contact_phone ? (
              <p>
                <a
                  href={`tel:${farm.contact_phone.replace(/[^\d+]/g, '')}`}
                  className="hover:text-white hover:underline"
                >
                  {farm.contact_phone}
                </a>
              </p>
            ) : null}
            <p>
              <a href={`mailto:${farm.contact_email}`} className="hover:text-white hover:underline">
                {farm.contact_email}
              </a>
            </p>
          </address>
          <dl className="mt-3 text-sm text-pasture-100">
            {describeOpeningHours(farm.opening_hours).map((line) => (
              <div key={line.days} className="flex gap-2">
                <dt>{line.days}:</dt>
                <dd>{line.hours}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <div className="border-t border-pasture-800 px-4 py-4 text-center text-sm text-pasture-100">
        <nav aria-label="Policies">
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
            {POLICIES.map((policy) => (
              <li key={policy.slug}>
                <Link to={policy.path} className="hover:text-white hover:underline">
                  {policy.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-3">
          © {new Date().getFullYear()} {farm.name}
        </p>
      </div>
    </footer>
  )
}
