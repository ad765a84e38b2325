import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

// The colour pairs the UI puts text and controls on, checked against WCAG 2.2 AA with the
// tokens as written: our own in app/app.css, Tailwind's (stone, red, white) from its theme
// file, so a change to either that drops a pair below AA fails here rather than in an audit.
// axe in the end-to-end tests sees only the pages and states it visits (never hover, rarely
// focus); this sees every pair listed, in every state.

const require = createRequire(import.meta.url)
const APP_CSS = path.resolve(import.meta.dirname, '../../app.css')
const TAILWIND_THEME = require.resolve('tailwindcss/theme.css')

/** The `--color-*` tokens a stylesheet's @theme blocks define (not the ones rules override). */
function tokens(css: string): Map<string, string> {
  const found = new Map<string, string>()
  const theme = [...css.matchAll(/@theme[^{]*\{([^}]*)\}/g)].map((block) => block[1]).join('\n')
  for (const match of theme.matchAll(/--color-([a-z0-9-]+):\s*([^;]+);/g)) {
    const [, name = '', value = ''] = match
    found.set(name, value.trim())
  }
  return found
}

// Ours win over Tailwind's where both name a colour, as they do in the built stylesheet.
const palette = new Map([
  ...tokens(readFileSync(TAILWIND_THEME, 'utf8')),
  ...tokens(readFileSync(APP_CSS, 'utf8')),
])

type Rgb = readonly [number, number, number]

/** Linear-light sRGB channels (0..1) of a `#rrggbb`, `#rgb` or `oklch(L% C H)` value. */
function linearRgb(value: string): Rgb {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value)?.[1]
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex
    const channel = (index: number) => {
      const srgb = Number.parseInt(full.slice(index * 2, index * 2 + 2), 16) / 255
      return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4
    }
    return [channel(0), channel(1), channel(2)]
  }
  const oklch = /^oklch\(([\d.]+)%\s+([\d.]+)\s+([\d.]+)\)$/.exec(value)
  if (oklch) {
    // OKLCH -> OKLab -> LMS -> linear sRGB (Björn Ottosson's matrices, as CSS Color 4 uses);
    // clamped to the sRGB gamut as a screen shows it.
    const l = Number(oklch[1]) / 100
    const c = Number(oklch[2])
    const h = (Number(oklch[3]) * Math.PI) / 180
    const a = c * Math.cos(h)
    const b = c * Math.sin(h)
    const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3
    const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3
    const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3
    const clamp = (channel: number) => Math.min(1, Math.max(0, channel))
    return [
      clamp(4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_),
      clamp(-1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_),
      clamp(-0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_),
    ]
  }
  throw new Error(`not a colour this test reads: ${value}`)
}

function colour(name: string): string {
  const value = palette.get(name)
  if (!value) throw new Error(`no --color-${name} in app/app.css or Tailwind's theme`)
  return value
}

/** WCAG 2.x relative luminance. */
function luminance(name: string): number {
  const [r, g, b] = linearRgb(colour(name))
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

function contrast(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((x, y) => y - x)
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05)
}

// 1.4.3 for text (bold 14pt / 18pt and up may use 3:1, but we hold all text to 4.5:1 so a
// class change of size never breaks it); 1.4.11 for the edges that show where a control is.
const TEXT = 4.5
const NON_TEXT = 3

// [what, foreground, background, minimum]. Tailwind's stone-400 and stone-300, which edged
// fields and outline buttons, measure 2.5:1 and 1.5:1 on white: those edges are stone-500 now. Page surfaces: earth-50 (the page), white (cards,
// header, fields), earth-100 and pasture-50 (notices, hovered rows), pasture-900 (the footer).
const PAIRS: ReadonlyArray<readonly [string, string, string, number]> = [
  ['body text on the page', 'ink', 'earth-50', TEXT],
  ['body text on a card', 'ink', 'white', TEXT],
  ['muted text on the page', 'muted', 'earth-50', TEXT],
  ['muted text on a card', 'muted', 'white', TEXT],
  ['muted text on a tinted panel', 'muted', 'earth-100', TEXT],
  ['link and heading on the page', 'pasture-800', 'earth-50', TEXT],
  ['link and heading on a card', 'pasture-800', 'white', TEXT],
  ['hovered link on a card', 'pasture-700', 'white', TEXT],
  ['hovered link on the page', 'pasture-700', 'earth-50', TEXT],
  ['price on a card', 'pasture-700', 'white', TEXT],
  ['notice text on pasture', 'pasture-900', 'pasture-50', TEXT],
  ['earth accent text on a card', 'earth-700', 'white', TEXT],
  ['earth accent text on the page', 'earth-700', 'earth-50', TEXT],
  ['low-stock badge', 'earth-700', 'earth-100', TEXT],
  ['archived badge', 'stone-800', 'stone-100', TEXT],
  ['error text on a card', 'red-800', 'white', TEXT],
  ['error heading on a card', 'red-900', 'white', TEXT],
  ['sale badge and cart count', 'white', 'earth-700', TEXT],
  ['footer text', 'pasture-50', 'pasture-900', TEXT],
  ['footer links', 'pasture-100', 'pasture-900', TEXT],
  ['footer links, hovered', 'white', 'pasture-900', TEXT],
  // button.tsx, every variant and state
  ['primary button', 'white', 'pasture-700', TEXT],
  ['primary button, hovered', 'white', 'pasture-800', TEXT],
  ['secondary button on the page', 'pasture-800', 'earth-50', TEXT],
  ['secondary button on a card', 'pasture-800', 'white', TEXT],
  ['secondary button, hovered', 'pasture-800', 'pasture-50', TEXT],
  ['secondary button border on the page', 'pasture-700', 'earth-50', NON_TEXT],
  ['secondary button border on a card', 'pasture-700', 'white', NON_TEXT],
  ['outline button on a card', 'ink', 'white', TEXT],
  ['outline button, hovered', 'ink', 'earth-50', TEXT],
  // The grey edge of outline buttons, fields, shop filter chips, pagers and purchase choices.
  ['control border on a card', 'stone-500', 'white', NON_TEXT],
  ['control border on the page', 'stone-500', 'earth-50', NON_TEXT],
  ['selected choice border', 'pasture-700', 'pasture-50', NON_TEXT],
  ['danger button on a card', 'red-800', 'white', TEXT],
  ['danger button on the page', 'red-800', 'earth-50', TEXT],
  ['danger button, hovered', 'red-800', 'red-50', TEXT],
  ['danger button border on a card', 'red-800', 'white', NON_TEXT],
  ['destructive button', 'white', 'red-800', TEXT],
  ['destructive button, hovered', 'white', 'red-900', TEXT],
  // Disabled controls are exempt from 1.4.3, but a shopper still has to read why it is greyed.
  ['disabled primary button', 'white', 'stone-500', TEXT],
  // The focus ring sits 2px outside the control, on whatever surrounds it.
  ['focus ring on the page', 'focus', 'earth-50', NON_TEXT],
  ['focus ring on a card', 'focus', 'white', NON_TEXT],
  ['focus ring on a tinted panel', 'focus', 'earth-100', NON_TEXT],
  ['focus ring in the footer', 'focus-on-dark', 'pasture-900', NON_TEXT],
]

describe('palette contrast (WCAG 2.2 AA)', () => {
  test('the luminance maths matches the WCAG reference values', () => {
    palette.set('test-black', '#000')
    palette.set('test-white', '#ffffff')
    palette.set('test-oklch-white', 'oklch(100% 0 0)')
    expect(contrast('test-black', 'test-white')).toBeCloseTo(21, 5)
    expect(luminance('test-oklch-white')).toBeCloseTo(1, 3)
    // #767676 on white is the well-known 4.54:1, the lightest grey that passes.
    palette.set('test-grey', '#767676')
    expect(contrast('test-grey', 'test-white')).toBeCloseTo(4.54, 2)
  })

  test.each(PAIRS)('%s: --color-%s on --color-%s is at least %s:1', (_, fg, bg, minimum) => {
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(minimum)
  })
})
