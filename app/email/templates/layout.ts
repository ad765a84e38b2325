// The frame every email shares: the farm's name on top, a footer linking back to the shop,
// in HTML and in plain text. Pure functions, so templates are tested without a database.
// Email clients ignore <style> blocks and external CSS unevenly, hence inline styles.

export type EmailContent = { subject: string; text: string; html: string }

/** What every template needs to know about the shop sending it. */
export type ShopContext = { farmName: string; baseUrl: string }

/** HTML that is already safe; everything else interpolated into `html` is escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)
}

type HtmlValue = string | number | SafeHtml | readonly SafeHtml[]

/** Tagged template: every interpolated value is escaped unless it is SafeHtml already. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? ''
  values.forEach((value, i) => {
    if (value instanceof SafeHtml) out += value.value
    else if (Array.isArray(value)) out += value.map((part: SafeHtml) => part.value).join('')
    else out += escapeHtml(String(value))
    out += strings[i + 1] ?? ''
  })
  return new SafeHtml(out)
}

/**
 * An absolute http(s) link: a path ('/shop') is appended to baseUrl, a full URL is kept, and
 * anything that is not http(s) (javascript:, data:) is refused rather than put in front of
 * a reader.
 */
export function shopUrl(baseUrl: string, pathOrUrl: string): string {
  const url = pathOrUrl.startsWith('/')
    ? new URL(`${baseUrl.replace(/\/+$/, '')}${pathOrUrl}`)
    : new URL(pathOrUrl)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`email links must be http(s), got ${url.protocol}`)
  }
  return url.toString()
}

const COLORS = { text: '#1f2a1f', muted: '#4d5a4d', accent: '#2f5d34', page: '#f5f3ec' }

export function paragraph(content: string | SafeHtml): SafeHtml {
  return html`<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${COLORS.text}">${content}</p>`
}

/** A link styled as a button; the URL is also written out in the text version. */
export function button(href: string, label: string): SafeHtml {
  return html`<p style="margin:24px 0"><a href="${href}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:${COLORS.accent};color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none">${label}</a></p>`
}

export function link(href: string, label: string): SafeHtml {
  return html`<a href="${href}" style="color:${COLORS.accent};text-decoration:underline">${label}</a>`
}

/**
 * Wraps a template's body in the shared frame. `text` is the body in plain text: paragraphs
 * separated by blank lines, links written out in full.
 */
export function layout(
  { farmName, baseUrl }: ShopContext,
  content: { subject: string; html: SafeHtml; text: string[] },
): EmailContent {
  const home = shopUrl(baseUrl, '/')
  const page = html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${content.subject}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.page};font-family:Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:${COLORS.accent}">${farmName}</p>
<main style="padding:24px;border-radius:8px;background:#ffffff">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${COLORS.text}">${content.subject}</h1>
${content.html}
</main>
<p style="margin:24px 0 0;font-size:14px;line-height:1.5;color:${COLORS.muted}">${farmName} &middot; ${link(home, home)}</p>
</div>
</body>
</html>
`
  const text = [farmName, '', ...content.text.flatMap((p) => [p, '']), '-- ', farmName, home]
  return { subject: content.subject, html: page.value, text: `${text.join('\n')}\n` }
}
