/**
 * The small standalone page for links opened from an e-mail (the partner's
 * confirmation, unsubscribing): no app around it, never cached. `body` is
 * HTML the caller built from fixed text.
 */
export function messagePage(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Cubby</title></head>` +
    `<body style="font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:0 auto;padding:1rem"><h1>${title}</h1>${body}<p><a href="/">Cubby</a></p></body></html>`
  );
}

export const NO_STORE = { "Cache-Control": "no-store" };
