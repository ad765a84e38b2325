import { Link } from 'react-router'
import { getGrassFedBeefPage } from '~/catalog/grass-fed-beef.server'
import { ProductCard } from '~/catalog/product-card'
import { shopHref } from '~/catalog/shop-query'
import {
  grassFedHealthBenefits,
  grassFedIntro,
  grassFedReasons,
  grassFedStory,
} from '~/farm/grass-fed-words'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import { Heading } from '~/platform/ui/heading'
import { TextLink } from '~/platform/ui/link'
import { PageHero } from '~/platform/ui/page-hero'
import { ResponsiveImage } from '~/platform/ui/responsive-image'
import type { Route } from './+types/grass-fed-beef'

export async function loader() {
  return getGrassFedBeefPage(getDb())
}

const primaryButton =
  'inline-block rounded-md bg-pasture-700 px-6 py-3 font-semibold text-white hover:bg-pasture-800'
const secondaryButton =
  'inline-block rounded-md border-2 border-white px-6 py-2.5 font-semibold text-white hover:bg-white/10'
const heroSecondaryButton =
  'inline-block rounded-md border-2 border-pasture-700 bg-white px-6 py-2.5 font-semibold text-pasture-800 hover:bg-pasture-50'

export default function GrassFedBeef({ loaderData }: Route.ComponentProps) {
  const { images, products, moreProducts } = loaderData
  return (
    <>
      <PageHero image={images.grass_fed_hero_image_url} title="100% Grass-Fed Beef">
        <p className="mt-5 max-w-xl text-lg text-ink">{grassFedIntro}</p>
        <div className="mt-8 flex flex-wrap gap-4">
          <a href="#beef-products" className={primaryButton}>
            See Our Beef
          </a>
          <Link to="/about" className={heroSecondaryButton}>
            Meet the Farm
          </Link>
        </div>
      </PageHero>

      <section aria-labelledby="reasons-heading" className="mx-auto max-w-6xl px-4 py-16">
        <Heading level={2} id="reasons-heading" className="text-center">
          Why Grass-Fed?
        </Heading>
        <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {grassFedReasons.map((reason) => (
            <li key={reason.title} className="rounded-lg border border-earth-100 bg-white p-6">
              <h3 className="text-xl font-semibold text-ink">{reason.title}</h3>
              <p className="mt-2 text-muted">{reason.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="benefits-heading" className="bg-earth-100">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <Heading level={2} id="benefits-heading" className="text-center">
            Health Benefits
          </Heading>
          <dl className="mt-10 grid gap-8 md:grid-cols-2">
            {grassFedHealthBenefits.map((benefit) => (
              <div key={benefit.title} className="rounded-lg bg-white p-6">
                <dt className="text-xl font-semibold text-earth-700">{benefit.title}</dt>
                <dd className="mt-2 text-ink">{benefit.body}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="story-heading">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 md:grid-cols-2">
          {images.grass_fed_story_image_url ? (
            <ResponsiveImage
              src={images.grass_fed_story_image_url}
              alt="Our cattle grazing the summer pasture below the mountains"
              width={600}
              height={450}
              sizes="(min-width: 1152px) 540px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)"
              className="w-full rounded-lg"
            />
          ) : null}
          <div>
            <Heading level={2} id="story-heading">
              {grassFedStory.title}
            </Heading>
            {grassFedStory.body.map((paragraph) => (
              <p key={paragraph.slice(0, 40)} className="mt-4 text-lg text-ink">
                {paragraph}
              </p>
            ))}
            <p className="mt-6">
              <TextLink to="/about">Read our story</TextLink>
            </p>
          </div>
        </div>
      </section>

      <section
        id="beef-products"
        aria-labelledby="products-heading"
        className="mx-auto max-w-6xl scroll-mt-8 px-4 py-16"
      >
        <Heading level={2} id="products-heading" className="text-center">
          Our Grass-Fed Beef
        </Heading>
        {products.length === 0 ? (
          <p className="mx-auto mt-6 max-w-xl text-center text-muted">
            Our grass-fed beef will be available soon. Check back shortly, or{' '}
            <TextLink to="/contact">contact us</TextLink> to hear when the next beef is ready.
          </p>
        ) : (
          <>
            <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {products.map((product) => (
                <li key={product.id} className="flex">
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
            {moreProducts ? (
              <p className="mt-10 text-center">
                <TextLink to={shopHref({ q: 'beef' })}>See all our beef in the shop</TextLink>
              </p>
            ) : null}
          </>
        )}
      </section>

      <section className="on-dark bg-pasture-900 text-white">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center">
          <h2 className="font-display text-3xl font-bold">Fill your freezer with beef you trust</h2>
          <p className="mx-auto mt-4 max-w-2xl text-pasture-50">
            Browse everything we raise and grow, or ask us about beef shares, custom cuts and farm
            pickup.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <Link
              to="/shop"
              className="inline-block rounded-md bg-white px-6 py-3 font-semibold text-pasture-900 hover:bg-pasture-50"
            >
              Shop All Products
            </Link>
            <Link to="/contact" className={secondaryButton}>
              Contact Us
            </Link>
          </div>
        </div>
      </section>
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Grass-Fed Beef',
    description:
      '100% grass-fed and grass-finished Idaho beef, dry-aged 21 days: steaks, roasts, ground beef and beef shares from our family farm.',
  })
