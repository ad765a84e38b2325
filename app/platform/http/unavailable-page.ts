// The page shoppers see while the database is away or takes no writes (a full disk, a
// read-only file): 503 with Retry-After, never kept by a cache. The host sends it itself
// (server/database-watch.server.ts) and so does entry.server.tsx, for a request whose write the
// database refused; it needs no database to render.

export const UNAVAILABLE_STATUS = 503

export const UNAVAILABLE_HEADERS = {
  'Retry-After': '30',
  'Cache-Control': 'no-store',
  'Content-Type': 'text/html; charset=utf-8',
} as const

export function unavailablePage(nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Back in a minute | Farm Shop</title>
<style nonce="${nonce}">
body{margin:0;font-family:system-ui,sans-serif;background:#fbf7f1;color:#1f2421}
main{max-width:36rem;margin:15vh auto;padding:0 1.5rem;text-align:center}
h1{color:#27431a;font-size:2rem}
a{color:#27431a;font-weight:600}
</style>
</head>
<body>
<main>
<h1>We'll be right back</h1>
<p>The shop is taking a short break. Your cart and orders are safe.</p>
<p>Please try again in a minute. <a href="">Reload the page</a></p>
</main>
</body>
</html>`
}
