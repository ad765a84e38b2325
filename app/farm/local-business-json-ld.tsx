import { useNonce } from '~/platform/ui/nonce'
import { openingHoursSpecification } from './opening-hours'

// The farm as a schema.org LocalBusiness for search engines (D17: opening hours come from the
// farm settings, the same value the page text uses).

export type LocalBusinessFarm = {
  name: string
  description: string
  contact_email: string
  contact_phone: string
  address: string
  facebook_url: string | null
  instagram_url: string | null
  logo_image_url: string | null
  opening_hours: string
}

/** "1480 Soldier Creek Road, Fairfield, ID 83327" as a PostalAddress; whole string otherwise. */
export function postalAddress(address: string) {
  const match = /^(.+),\s*([^,]+),\s*([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(address.trim())
  if (!match) return { '@type': 'PostalAddress', streetAddress: address.trim() }
  const [, street, locality, region, postalCode] = match
  return {
    '@type': 'PostalAddress',
    streetAddress: street,
    addressLocality: locality,
    addressRegion: region,
    postalCode,
    addressCountry: 'US',
  }
}

function absolute(siteUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${siteUrl.replace(/\/+$/, '')}/`).toString()
}

export function localBusinessJsonLd(farm: LocalBusinessFarm, siteUrl: string) {
  const home = absolute(siteUrl, '/')
  const sameAs = [farm.facebook_url, farm.instagram_url].filter((url): url is string =>
    Boolean(url),
  )
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${home}#farm`,
    name: farm.name,
    description: farm.description,
    url: home,
    ...(farm.logo_image_url
      ? {
          image: absolute(siteUrl, farm.logo_image_url),
          logo: absolute(siteUrl, farm.logo_image_url),
        }
      : {}),
    ...(farm.contact_phone ? { telephone: farm.contact_phone } : {}),
    email: farm.contact_email,
    address: postalAddress(farm.address),
    openingHoursSpecification: openingHoursSpecification(farm.opening_hours),
    ...(sameAs.length ? { sameAs } : {}),
    priceRange: '$$',
  }
}

/**
 * JSON for inside a <script> element: "<", ">" and "&" as \u escapes, so no value can close
 * the element or open a comment; U+2028/2029 too, for older JavaScript parsers.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

export function LocalBusinessJsonLd({
  farm,
  siteUrl,
}: {
  farm: LocalBusinessFarm
  siteUrl: string
}) {
  const nonce = useNonce()
  return (
    // React writes a script element's text as it is (no entities), so the JSON must be made
    // safe for the element itself: scriptSafeJson.
    <script type="application/ld+json" nonce={nonce}>
      {scriptSafeJson(localBusinessJsonLd(farm, siteUrl))}
    </script>
  )
}
