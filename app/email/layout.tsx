import { type CSSProperties, Fragment, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

// The frame every email shares: the farm's name on top, a footer linking back to the shop, in
// HTML and in plain text. The HTML is React rendered to static markup, so every value a
// template puts in it is escaped by React; no template builds markup from strings. The text
// part is written by each template next to its HTML, from the same sentences, because a
// stripped-down HTML body reads badly (links lose their addresses, tables lose their lines).
// Email clients ignore <style> blocks and external CSS unevenly, hence inline styles, and
// Outlook lays out tables but not divs with a max-width, hence the tables.

export type EmailContent = { subject: string; text: string; html: string }

/** What every template needs to know about the shop sending it. */
export type ShopContext = { farmName: string; baseUrl: string }

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

export const COLORS = {
  text: '#1f2a1f',
  muted: '#4d5a4d',
  accent: '#2f5d34',
  page: '#f5f3ec',
  rule: '#d9d4c5',
  card: '#ffffff',
}

const FONT = 'Helvetica,Arial,sans-serif'

export const bodyText: CSSProperties = { fontSize: 16, lineHeight: 1.5, color: COLORS.text }

export function Paragraph({ children }: { children: ReactNode }) {
  return <p style={{ margin: '0 0 16px', ...bodyText }}>{children}</p>
}

/** Each string its own paragraph. */
export function Paragraphs({ lines }: { lines: readonly string[] }) {
  return lines.map((line, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: rendered once to static markup, never reordered
    <Paragraph key={index}>{line}</Paragraph>
  ))
}

/** Lines of one block (an address, a list of items), broken with <br>. */
export function Lines({ lines }: { lines: readonly string[] }) {
  return lines.map((line, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: rendered once to static markup, never reordered
    <Fragment key={index}>
      {index > 0 && <br />}
      {line}
    </Fragment>
  ))
}

export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} style={{ color: COLORS.accent, textDecoration: 'underline' }}>
      {children}
    </a>
  )
}

/** A link styled as a button; the template writes its URL out in the text part. */
export function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: '24px 0' }}>
      <a
        href={href}
        style={{
          display: 'inline-block',
          padding: '12px 20px',
          borderRadius: 6,
          background: COLORS.accent,
          color: '#ffffff',
          fontSize: 16,
          fontWeight: 'bold',
          textDecoration: 'none',
        }}
      >
        {children}
      </a>
    </p>
  )
}

/** A full-width table without borders or spacing, for layout only. */
export function LayoutTable({ style, children }: { style?: CSSProperties; children: ReactNode }) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: 'collapse', ...style }}
    >
      <tbody>{children}</tbody>
    </table>
  )
}

function EmailLayout({
  shop,
  subject,
  children,
}: {
  shop: ShopContext
  subject: string
  children: ReactNode
}) {
  const home = shopUrl(shop.baseUrl, '/')
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: COLORS.page, fontFamily: FONT }}>
        <LayoutTable style={{ background: COLORS.page }}>
          <tr>
            <td align="center" style={{ padding: '24px 16px' }}>
              <LayoutTable style={{ maxWidth: 560 }}>
                <tr>
                  <td
                    style={{
                      padding: '0 0 24px',
                      fontFamily: FONT,
                      fontSize: 20,
                      fontWeight: 'bold',
                      color: COLORS.accent,
                      textAlign: 'left',
                    }}
                  >
                    {shop.farmName}
                  </td>
                </tr>
                <tr>
                  <td
                    style={{
                      padding: 24,
                      borderRadius: 8,
                      background: COLORS.card,
                      fontFamily: FONT,
                      textAlign: 'left',
                    }}
                  >
                    <h1
                      style={{
                        margin: '0 0 16px',
                        fontSize: 22,
                        lineHeight: 1.3,
                        color: COLORS.text,
                      }}
                    >
                      {subject}
                    </h1>
                    {children}
                  </td>
                </tr>
                <tr>
                  <td
                    style={{
                      padding: '24px 0 0',
                      fontFamily: FONT,
                      fontSize: 14,
                      lineHeight: 1.5,
                      color: COLORS.muted,
                      textAlign: 'left',
                    }}
                  >
                    {shop.farmName} · <TextLink href={home}>{home}</TextLink>
                  </td>
                </tr>
              </LayoutTable>
            </td>
          </tr>
        </LayoutTable>
      </body>
    </html>
  )
}

/**
 * One email in both parts. `html` is the body inside the frame; `text` is the same body in
 * plain text: paragraphs (blank lines between them), links written out in full.
 */
export function renderEmail(
  shop: ShopContext,
  email: { subject: string; html: ReactNode; text: readonly string[] },
): EmailContent {
  const markup = renderToStaticMarkup(
    <EmailLayout shop={shop} subject={email.subject}>
      {email.html}
    </EmailLayout>,
  )
  const home = shopUrl(shop.baseUrl, '/')
  const text = [
    shop.farmName,
    '',
    ...email.text.flatMap((paragraph) => [paragraph, '']),
    '-- ',
    shop.farmName,
    home,
  ]
  return {
    subject: email.subject,
    // React writes no doctype; without one, clients render in quirks mode.
    html: `<!DOCTYPE html>\n${markup}\n`,
    text: `${text.join('\n')}\n`,
  }
}
