import { Link } from 'react-router'
import { MONTHS } from '~/catalog/in-season'
import { ProductCard } from '~/catalog/product-card'
import type { FarmBasics } from '~/farm/farm.server'
import { LocalBusinessJsonLd } from '~/farm/local-business-json-ld'
import { describeOpeningHours } from '~/farm/opening-hours'
import type { WeeklyWindow } from '~/fulfilment/weekly-schedule.server'
import { formatTimeRange, WEEKDAY_NAMES } from '~/platform/farm-clock'
import { buttonVariants } from '~/platform/ui/button'
import { Heading } from '~/platform/ui/heading'
import { TextAnchor, TextLink } from '~/platform/ui/link'
import { PageHero } from '~/platform/ui/page-hero'
import { ResponsiveImage } from '~/platform/ui/responsive-image'
import type { getHomePage } from './home.server'

type HomePageData = Awaited<ReturnType<typeof getHomePage>>

const primaryButton = buttonVariants({ variant: 'primary', className: 'py-3 text-lg' })
const secondaryButton = buttonVariants({ variant: 'secondary', className: 'bg-white py-2.5' })

const STEPS = [
  {
    title: 'Order online',
    body: 'Fill your cart with beef, eggs, vegetables and pantry goods from the farm, any day of the week.',
  },
  {
    title: 'Pick a pickup day or local delivery',
    body: 'Choose a pickup time at the farm or the market, or a delivery evening if you live in one of our delivery areas.',
  },
  {
    title: 'Collect it, or we bring it',
    body: 'Your order waits packed and cold with your name on it, or arrives at your door on your delivery day.',
  },
] as const

function windowText(window: WeeklyWindow): string {
  return `${WEEKDAY_NAMES[window.weekday]}, ${formatTimeRange(window.startTime, window.endTime)}`
}

// The home page: the farm's hero, how ordering works, featured and in-season products, its
// story, where and when orders are handed over, and a last call to shop.
export function HomePage({
  content,
  featured,
  inSeason,
  month,
  schedule,
  siteUrl,
  farm,
}: HomePageData & { siteUrl: string; farm: FarmBasics }) {
  const hasSchedule = schedule.places.length > 0 || schedule.zones.length > 0
  return (
    <>
      <LocalBusinessJsonLd farm={farm} siteUrl={siteUrl} />
      <PageHero image={content.hero_image_url} title="Fresh from our family farm">
        <p className="mt-5 max-w-xl text-lg text-ink">{content.description}</p>
        <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-4">
          <Link to="/shop" className={primaryButton}>
            Shop Now
          </Link>
          <TextAnchor href="#pickup-heading">Pickup places and days</TextAnchor>
        </div>
      </PageHero>

      <section aria-labelledby="how-heading" className="border-y border-earth-100 bg-white">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <Heading level={2} id="how-heading">
            How it works
          </Heading>
          <ol className="mt-8 grid gap-6 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-pasture-700 font-display text-lg font-bold text-white"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="text-xl font-semibold text-ink">{step.title}</h3>
                  <p className="mt-1 text-muted">{step.body}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="featured-heading" className="mx-auto max-w-6xl px-4 py-14">
        <Heading level={2} id="featured-heading">
          Featured Products
        </Heading>
        {featured.length === 0 ? (
          <p className="mt-6 text-muted">No featured products available.</p>
        ) : (
          <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3">
            {featured.map((product) => (
              <li key={product.id} className="flex">
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {inSeason.length > 0 ? (
        <section aria-labelledby="season-heading" className="bg-pasture-50">
          <div className="mx-auto max-w-6xl px-4 py-14">
            <Heading level={2} id="season-heading">
              In season now
            </Heading>
            <p className="mt-2 text-muted">
              Fresh from the farm in {MONTHS[month - 1]}, while it lasts.
            </p>
            <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-6 lg:grid-cols-4">
              {inSeason.map((product) => (
                <li key={product.id}>
                  <Link
                    to={`/product/${product.id}`}
                    className="group block h-full overflow-hidden rounded-lg border border-earth-100 bg-white shadow-sm hover:border-pasture-600"
                  >
                    <ResponsiveImage
                      src={product.image_url}
                      alt=""
                      width={300}
                      height={225}
                      sizes="(min-width: 1024px) 264px, (min-width: 640px) 33vw, 50vw"
                      className="aspect-[4/3] w-full bg-earth-100 object-cover"
                    />
                    <span className="block p-3 font-semibold text-ink group-hover:text-pasture-800 group-hover:underline">
                      {product.name}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="story-heading" className="bg-earth-100">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 md:grid-cols-2">
          <div>
            <Heading level={2} id="story-heading">
              Our Story
            </Heading>
            <p className="mt-4 whitespace-pre-line text-ink">{content.story}</p>
            <h3 className="mt-6 text-xl font-semibold text-earth-700">Our Mission</h3>
            <p className="mt-2 text-ink">{content.mission}</p>
            <div className="mt-8 flex flex-wrap items-center gap-4">
              <Link to="/about" className={secondaryButton}>
                Learn More<span className="sr-only"> about our farm</span>
              </Link>
              <TextLink to="/contact">Plan a visit to the farm</TextLink>
            </div>
          </div>
          {content.story_image_url ? (
            <ResponsiveImage
              src={content.story_image_url}
              alt="Our farm"
              width={600}
              height={450}
              sizes="(min-width: 1152px) 540px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)"
              className="w-full rounded-2xl"
            />
          ) : null}
        </div>
      </section>

      <section aria-labelledby="pickup-heading" className="mx-auto max-w-6xl px-4 py-14">
        <Heading level={2} id="pickup-heading" className="scroll-mt-24">
          Pickup places and days
        </Heading>
        {hasSchedule ? (
          <ul className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {schedule.places.map((place) => (
              <li key={place.id} className="rounded-lg border border-earth-100 bg-white p-5">
                <h3 className="text-xl font-semibold text-ink">{place.name}</h3>
                <p className="mt-1 text-sm font-semibold uppercase tracking-wide text-earth-700">
                  Pickup
                </p>
                <address className="mt-2 break-words not-italic text-muted">
                  {place.address}
                </address>
                <ul className="mt-3 space-y-1 text-ink">
                  {place.windows.map((window) => (
                    <li key={`${window.weekday}-${window.startTime}`}>{windowText(window)}</li>
                  ))}
                </ul>
              </li>
            ))}
            {schedule.zones.map((zone) => (
              <li key={zone.id} className="rounded-lg border border-earth-100 bg-white p-5">
                <h3 className="text-xl font-semibold text-ink">{zone.name}</h3>
                <p className="mt-1 text-sm font-semibold uppercase tracking-wide text-earth-700">
                  Local delivery
                </p>
                <p className="mt-2 break-words text-muted">ZIP codes {zone.zipCodes}</p>
                <ul className="mt-3 space-y-1 text-ink">
                  {zone.windows.map((window) => (
                    <li key={`${window.weekday}-${window.startTime}`}>{windowText(window)}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-6 rounded-lg border border-earth-100 bg-white p-5">
            <h3 className="text-xl font-semibold text-ink">{farm.name}</h3>
            <address className="mt-2 not-italic text-muted">{farm.address}</address>
            <ul className="mt-3 space-y-1 text-ink">
              {describeOpeningHours(farm.opening_hours).map((line) => (
                <li key={line.days}>
                  {line.days}: {line.hours}
                </li>
              ))}
            </ul>
          </div>
        )}
        <p className="mt-6">
          <TextLink to="/shipping-pickup">Pickup, delivery and shipping details</TextLink>
        </p>
      </section>

      <section className="bg-pasture-50">
        <div className="mx-auto max-w-6xl px-4 py-14 text-center">
          <Heading level={2}>Ready to taste the difference?</Heading>
          <p className="mx-auto mt-4 max-w-xl text-ink">
            Grass-fed beef, fresh eggs and seasonal vegetables, raised with care and ready for your
            table.
          </p>
          <Link to="/shop" className={`${primaryButton} mt-8`}>
            Shop Now
          </Link>
        </div>
      </section>
    </>
  )
}
