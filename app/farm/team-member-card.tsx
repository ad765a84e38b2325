import { useCallback, useState } from 'react'

// A team member on the About page. The photo sits over a person icon: when the photo cannot
// load, React swaps it out (onError, or a check once hydrated for a photo that failed before
// React ran), and without JavaScript the icon still shows through, because the photo's alt
// text is empty (the name is the heading right below it), so the browser draws no broken
// image or alt text over the icon.

export type TeamMember = {
  id: string
  name: string
  title: string
  bio: string | null
  image_url: string | null
}

function PersonIcon() {
  return (
    <svg
      aria-hidden="true"
      data-fallback-icon=""
      viewBox="0 0 24 24"
      className="absolute inset-0 m-auto h-1/2 w-1/2 text-pasture-600"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" strokeLinecap="round" />
    </svg>
  )
}

function TeamPhoto({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false)
  // A photo that failed before hydration fired its error event before React listened.
  // decode() rejects for a broken image; naturalWidth would not do, since an SVG with only a
  // viewBox loads fine with a natural width of 0.
  const checkLoaded = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete) img.decode().catch(() => setFailed(true))
  }, [])
  return (
    <div className="relative mx-auto aspect-square w-40 overflow-hidden rounded-full bg-pasture-50">
      <PersonIcon />
      {src && !failed ? (
        <img
          ref={checkLoaded}
          src={src}
          alt=""
          width="160"
          height="160"
          loading="lazy"
          onError={() => setFailed(true)}
          className="relative h-full w-full object-cover"
        />
      ) : null}
    </div>
  )
}

export function TeamMemberCard({ member }: { member: TeamMember }) {
  return (
    <article className="flex h-full flex-col rounded-lg border border-earth-100 bg-white p-6 text-center shadow-sm">
      <TeamPhoto src={member.image_url} />
      <h3 className="mt-4 font-display text-xl font-bold text-ink">{member.name}</h3>
      <p className="font-semibold text-earth-700">{member.title}</p>
      {member.bio ? <p className="mt-3 text-muted">{member.bio}</p> : null}
    </article>
  )
}
