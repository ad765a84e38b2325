import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

// The bundled demo illustrations (public/images/demo/*.svg) as image sources (ADR 6). They are
// read from public/ under the working directory, as the host finds build/ there too: the
// production build serves Vite's unchanged copy of the same files.

export const DEMO_IMAGE_DIR = path.resolve('public/images/demo')

export type DemoImage = {
  name: string
  bytes: Buffer
  /** sha256 of the file, hex */
  contentHash: string
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

// Each file is read and hashed once per process; a changed file needs a restart (or a deploy),
// like every other part of the build.
const files = new Map<string, Promise<DemoImage | null>>()

/** `name` must already be a validated slug (no dots or slashes): it becomes a file name. */
export function readDemoImage(name: string, dir = DEMO_IMAGE_DIR): Promise<DemoImage | null> {
  const file = path.join(dir, `${name}.svg`)
  let pending = files.get(file)
  if (!pending) {
    pending = readFile(file).then(
      (bytes) => ({ name, bytes, contentHash: sha256Hex(bytes) }),
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null
        files.delete(file)
        throw error
      },
    )
    files.set(file, pending)
  }
  return pending
}

export async function listDemoImages(dir = DEMO_IMAGE_DIR): Promise<string[]> {
  const entries = await readdir(dir)
  return entries
    .filter((entry) => entry.endsWith('.svg'))
    .map((entry) => entry.slice(0, -'.svg'.length))
    .sort()
}

/** What DEMO_IMAGES_VERSION must be: 8 hex digits of a sha256 over every file, by name. */
export async function demoImagesVersion(dir = DEMO_IMAGE_DIR): Promise<string> {
  const hash = createHash('sha256')
  for (const name of await listDemoImages(dir)) {
    hash.update(`${name}\0`)
    hash.update(await readFile(path.join(dir, `${name}.svg`)))
    hash.update('\0')
  }
  return hash.digest('hex').slice(0, 8)
}
