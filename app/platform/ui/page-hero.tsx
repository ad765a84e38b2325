import { ResponsiveImage } from './responsive-image'

/**
 * The hero at the top of the home, about, grass-fed beef and contact pages (issue 22): the
 * page's own picture at full colour beside a light panel with the heading, never text over a
 * dimmed photo. On a phone the picture comes first and the panel below it. `compact` is the
 * shorter one for pages whose work starts right under it (Contact). `eyebrow` is a short line
 * above the heading.
 */
export function PageHero({
  image,
  eyebrow,
  title,
  compact = false,
  children,
}: {
  image: string | null
  eyebrow?: string
  title: string
  compact?: boolean
  children?: React.ReactNode
}) {
  return (
    <section className="bg-linear-to-br from-earth-50 via-earth-100 to-pasture-50">
      <div
        className={`mx-auto grid max-w-6xl items-center gap-6 px-4 md:grid-cols-2 md:gap-10 ${
          compact ? 'py-6 md:py-10' : 'py-6 md:py-14'
        }`}
      >
        <div className="order-2 md:order-1">
          {eyebrow ? (
            <p className="mb-2 font-semibold uppercase tracking-wide text-earth-700">{eyebrow}</p>
          ) : null}
          <h1
            className={`font-display font-bold text-pasture-800 ${
              compact ? 'text-4xl md:text-5xl' : 'text-4xl md:text-6xl'
            }`}
          >
            {title}
          </h1>
          {children}
        </div>
        {image ? (
          <div className="order-1 md:order-2">
            <ResponsiveImage
              src={image}
              alt=""
              width={800}
              height={compact ? 400 : 600}
              sizes="(min-width: 1152px) 540px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)"
              priority
              className={`w-full rounded-2xl object-cover shadow-md ${
                compact ? 'aspect-[2/1]' : 'aspect-[4/3]'
              }`}
            />
          </div>
        ) : null}
      </div>
    </section>
  )
}

/**
 * A page's banner picture alone, above a heading the page draws itself (Shop): a short strip,
 * decorative, so the heading stays the page's first words.
 */
export function PageBanner({ image }: { image: string | null }) {
  if (!image) return null
  return (
    <ResponsiveImage
      src={image}
      alt=""
      width={1152}
      height={288}
      sizes="(min-width: 1184px) 1152px, calc(100vw - 32px)"
      priority
      className="mb-8 aspect-[3/1] w-full rounded-2xl object-cover shadow-sm md:aspect-[4/1]"
    />
  )
}
