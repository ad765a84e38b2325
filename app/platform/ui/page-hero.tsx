import { ResponsiveImage } from './responsive-image'

/**
 * The full-width hero at the top of the home, about and grass-fed beef pages: the page's
 * picture dimmed behind white text. `eyebrow` is a short line above the heading.
 */
export function PageHero({
  image,
  eyebrow,
  title,
  children,
}: {
  image: string | null
  eyebrow?: string
  title: string
  children?: React.ReactNode
}) {
  return (
    <section className="on-dark relative isolate overflow-hidden bg-pasture-900">
      {image ? (
        <ResponsiveImage
          src={image}
          alt=""
          width={1600}
          height={900}
          sizes="100vw"
          priority
          className="absolute inset-0 -z-10 h-full w-full object-cover opacity-40"
        />
      ) : null}
      <div className="mx-auto max-w-6xl px-4 py-24 text-white md:py-32">
        {eyebrow ? (
          <p className="mb-2 font-semibold uppercase tracking-wide text-pasture-100">{eyebrow}</p>
        ) : null}
        <h1 className="max-w-2xl font-display text-4xl font-bold md:text-6xl">{title}</h1>
        {children}
      </div>
    </section>
  )
}
