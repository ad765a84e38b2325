import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { NonceProvider } from '~/platform/ui/nonce'
import {
  type LocalBusinessFarm,
  LocalBusinessJsonLd,
  localBusinessJsonLd,
  postalAddress,
  scriptSafeJson,
} from './local-business-json-ld'

const farm: LocalBusinessFarm = {
  name: 'Sawtooth Meadows Farm',
  description: 'A family farm near Fairfield, Idaho.',
  contact_email: 'hello@sawtoothmeadows.example',
  contact_phone: '(208) 555-0142',
  address: '1480 Soldier Creek Road, Fairfield, ID 83327',
  facebook_url: 'https://www.facebook.com/sawtoothmeadowsfarm',
  instagram_url: null,
  logo_image_url: '/images/demo/logo.svg',
  opening_hours: 'Mo-Sa 09:00-17:00',
}

describe('LocalBusiness JSON-LD', () => {
  test('everything from the farm settings, absolute URLs, price range', () => {
    expect(localBusinessJsonLd(farm, 'https://shop.example')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      '@id': 'https://shop.example/#farm',
      name: 'Sawtooth Meadows Farm',
      description: 'A family farm near Fairfield, Idaho.',
      url: 'https://shop.example/',
      image: 'https://shop.example/images/demo/logo.svg',
      logo: 'https://shop.example/images/demo/logo.svg',
      telephone: '(208) 555-0142',
      email: 'hello@sawtoothmeadows.example',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1480 Soldier Creek Road',
        addressLocality: 'Fairfield',
        addressRegion: 'ID',
        postalCode: '83327',
        addressCountry: 'US',
      },
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
          opens: '09:00',
          closes: '17:00',
        },
      ],
      sameAs: ['https://www.facebook.com/sawtoothmeadowsfarm'],
      priceRange: '$$',
    })
  })

  test('what is missing is left out rather than empty', () => {
    const json = localBusinessJsonLd(
      { ...farm, contact_phone: '', facebook_url: null, logo_image_url: null },
      'https://shop.example',
    )
    expect(json).not.toHaveProperty('telephone')
    expect(json).not.toHaveProperty('sameAs')
    expect(json).not.toHaveProperty('image')
  })

  test('an address in another shape stays whole', () => {
    expect(postalAddress('Idaho')).toEqual({ '@type': 'PostalAddress', streetAddress: 'Idaho' })
  })

  test('no value can close the script element', () => {
    const text = scriptSafeJson({ name: '</script><script>alert(1)</script> & <!--' })
    expect(text).not.toMatch(/[<>&]/)
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script> & <!--' })
  })

  test('rendered as a data script with the request nonce', () => {
    const markup = renderToStaticMarkup(
      <NonceProvider value="abc123">
        <LocalBusinessJsonLd
          farm={{ ...farm, name: 'Evil </script><script>alert(1)</script>' }}
          siteUrl="https://shop.example"
        />
      </NonceProvider>,
    )
    expect(markup.startsWith('<script type="application/ld+json" nonce="abc123">')).toBe(true)
    expect(markup.match(/<\/script>/g)).toHaveLength(1)
    const json = markup.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '')
    expect(JSON.parse(json).name).toBe('Evil </script><script>alert(1)</script>')
  })
})
