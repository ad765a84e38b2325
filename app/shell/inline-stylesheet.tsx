import { createContext, useContext, useEffect } from 'react'

// The app's stylesheet, inlined in the <head> (one small stylesheet costs less than the round
// trip that would block the first paint on a phone). Only the server has its text: entry.server
// imports it and hands it down here. The browser already has it in the page it was sent, so it
// reads it back from there instead of shipping the same 35 KB again inside the root's JavaScript
// (where importing it in root.tsx had put it: 7 KB compressed on every page).
const StylesheetContext = createContext<string | undefined>(undefined)

export const StylesheetProvider = StylesheetContext.Provider

/** The text the server wrote into the page's (only) <style> element. */
function sentStylesheet(): string {
  if (typeof document === 'undefined') return ''
  return document.head.querySelector('style')?.textContent ?? ''
}

export function InlineStylesheet() {
  const css = useContext(StylesheetContext) ?? sentStylesheet()
  useEffect(() => {
    // `npm run dev`: the stylesheet as a module as well, so Vite swaps in new styles (a Tailwind
    // class just written) without a reload. The production build drops this line.
    if (import.meta.env.DEV) void import('~/app.css')
  }, [])
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own compiled stylesheet
  return <style dangerouslySetInnerHTML={{ __html: css }} />
}
