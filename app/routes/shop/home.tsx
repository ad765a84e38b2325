import { Link } from 'react-router'
import { ProductCard } from '~/catalog/product-card'
import { listFeaturedProducts } from '~/catalog/products.server'
import { getHomeContent } from '~/farm/farm.server'
import { LocalBusinessJsonLd } from '~/farm/local-business-json-ld'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import { Heading } from '~/platform/ui/heading'
import { PageHero } from '~/platform/ui/page-hero'
import { ResponsiveImage } from '~/platform/ui/responsive-image'
import type { Route } from './+types/home'

export async function loader() {
  const db = getDb()
  const [content, featured] = await Promise.all([getHomeContent(db), listFeaturedProducts(db)])
  return { content, featured, siteUrl: getEnv().baseUrl }
}

const primaryButton =
  'inline-block rounded-md bg-pasture-700 px-6 py-3 font-semibold text-white hover:bg-pasture-800'

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const { content, featured, siteUrl } = loaderData
  const farm = matches[0].loaderData.farm
  return (
    <>
      <LocalBusinessJsonLd farm={farm} siteUrl={siteUrl} />
      <PageHero image={content.hero_image_url} title="Fresh from our family farm">
        <p className="mt-6 max-w-xl text-lg text-pasture-50">{content.description}</p>
        <Link to="/shop" className={`${primaryButton} mt-8`}>
          Shop Now
        </Link>
      </PageHero>

      <section aria-labelledby="featured-heading" className="mx-auto max-w-6xl px-4 py-16">
        <Heading level={2} id="featured-heading">
          Featured Products
        </Heading>
        {featured.length === 0 ? (
          <p className="mt-6 text-muted">No featured products available.</p>
        ) : (
          <ul className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {featured.map((product) => (
              <li key={product.id} className="flex">
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="story-heading" className="bg-earth-100">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 md:grid-cols-2">
          <div>
            <Heading level={2} id="story-heading">
              Our Story
            </Heading>
            <p className="mt-4 whitespace-pre-line text-ink">{content.story}</p>
            <h3 className="mt-6 text-xl font-semibold text-earth-700">Our Mission</h3>
            <p className="mt-2 text-ink">{content.mission}</p>
            <Link
              to="/about"
              className="mt-6 inline-block font-semibold text-pasture-800 underline underline-offset-4"
            >
              Learn More<span className="sr-only"> about our farm</span>
            </Link>
          </div>
          {content.story_image_url ? (
            <ResponsiveImage
              src={content.story_image_url}
              alt="Our farm"
              width={600}
              height={450}
              sizes="(min-width: 1152px) 540px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)"
              className="w-full rounded-lg"
            />
          ) : null}
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 text-center">
        <Heading level={2}>Ready to taste the difference?</Heading>
        <p className="mx-auto mt-4 max-w-xl text-muted">
          Grass-fed beef, fresh eggs and seasonal vegetables, raised with care and ready for your
          table.
        </p>
        <Link to="/shop" className={`${primaryButton} mt-8`}>
          Shop Now
        </Link>
      </section>
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Home',
    description:
      'Grass-fed beef, farm-fresh eggs and seasonal vegetable boxes from our Idaho family farm.',
  })
