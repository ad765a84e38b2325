// The contact page's map. Without MAPS_EMBED_KEY (and in tests, which make no outside
// requests) it is a static card: a drawn map, the address and a link to OpenStreetMap.
// With a key, Google's embedded map replaces the drawing; the address and link stay.

import { TextAnchor } from '~/platform/ui/link'

export function openStreetMapSearchUrl(address: string): string {
  return `https://www.openstreetmap.org/search?${new URLSearchParams({ query: address })}`
}

function MapDrawing() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 400 260"
      className="block h-auto w-full bg-pasture-50"
      preserveAspectRatio="xMidYMid slice"
    >
      <rect x="0" y="0" width="170" height="120" fill="#dcebcf" />
      <rect x="180" y="0" width="220" height="110" fill="#e8f0dc" />
      <rect x="0" y="130" width="150" height="130" fill="#e8f0dc" />
      <rect x="250" y="120" width="150" height="140" fill="#dcebcf" />
      <path
        d="M-10 200 C 60 170, 110 230, 180 190 S 300 120, 410 150"
        fill="none"
        stroke="#8fb8d8"
        strokeWidth="10"
        strokeLinecap="round"
      />
      <path d="M0 125 H400" stroke="#c9b79c" strokeWidth="8" />
      <path d="M175 0 V260" stroke="#c9b79c" strokeWidth="6" />
      <path d="M245 125 L300 260" stroke="#d8cbb5" strokeWidth="4" />
      <g transform="translate(200 100)">
        <path
          d="M0 0 C -14 -18, -22 -28, -22 -40 A 22 22 0 1 1 22 -40 C 22 -28, 14 -18, 0 0 Z"
          fill="#335722"
        />
        <circle cx="0" cy="-40" r="8" fill="#ffffff" />
      </g>
    </svg>
  )
}

export function FarmMap({
  farmName,
  address,
  embedUrl,
}: {
  farmName: string
  address: string
  embedUrl: string | null
}) {
  return (
    <figure className="overflow-hidden rounded-lg border border-earth-100 bg-white shadow-sm">
      {embedUrl ? (
        <iframe
          src={embedUrl}
          title={`Map showing ${farmName}`}
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          className="block aspect-[4/3] w-full border-0"
        />
      ) : (
        <MapDrawing />
      )}
      <figcaption className="flex flex-wrap items-center justify-between gap-3 p-4">
        <div>
          <p className="font-semibold text-ink">{farmName}</p>
          <p className="text-muted">{address}</p>
        </div>
        <TextAnchor
          href={openStreetMapSearchUrl(address)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1"
        >
          Open in maps<span className="sr-only"> (opens in a new tab)</span>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M11 3h6v6M17 3l-8 8M8 5H3v12h12v-5" />
          </svg>
        </TextAnchor>
      </figcaption>
    </figure>
  )
}
