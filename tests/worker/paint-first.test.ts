/**
 * ADR 012 part 4: the page leaves the server with the app's modules held until
 * its first paint. HTMLRewriter is the Workers runtime's own, so this runs in
 * workerd; tests/e2e/paint-first.e2e.ts checks the release in a browser.
 */
import { describe, expect, it } from "vitest";
import { paintFirst } from "../../app/.server/paint-first";
import { HELD_MODULE_TYPE, HELD_PRELOAD_REL } from "../../app/lib/first-paint";

const page = (body: string) =>
  `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/framework.js" nonce="n0nce"/>` +
  `<link rel="modulepreload" href="/assets/feed.js" nonce="n0nce"/><link rel="icon" href="/icon.svg"/></head>` +
  `<body><main>Today</main>${body}</body></html>`;
const routerScripts =
  `<script nonce="n0nce">window.__reactRouterContext = {};</script>` +
  `<script nonce="n0nce" type="module" async="">import "/assets/manifest.js";\nimport("/assets/entry.client.js");</script>` +
  `<script nonce="n0nce">window.__reactRouterContext.streamController.close();</script>`;

async function served(html: string, nonce = "n0nce") {
  const answer = paintFirst(new Response(html, { status: 201, headers: { "Content-Type": "text/html", "X-Kept": "yes" } }), nonce);
  return { answer, text: await answer.text() };
}

describe("paintFirst", () => {
  it("holds the module preloads and React Router's module script, and adds their release after it", async () => {
    const { answer, text } = await served(page(routerScripts));
    expect(answer.status).toBe(201);
    expect(answer.headers.get("X-Kept")).toBe("yes");
    expect(text).not.toContain('rel="modulepreload"');
    expect(text.match(new RegExp(`<link rel="${HELD_PRELOAD_REL}"`, "g"))).toHaveLength(2);
    expect(text).toContain('<link rel="icon" href="/icon.svg"/>');
    expect(text).not.toMatch(/<script[^>]*type="module"/);
    // The held script keeps its code and nonce; the release comes right after it, with the nonce.
    const held = text.indexOf(`type="${HELD_MODULE_TYPE}" async="">import "/assets/manifest.js";`);
    expect(held).toBeGreaterThan(0);
    const release = text.indexOf('</script><script nonce="n0nce">(() => {', held);
    expect(release).toBeGreaterThan(held);
    expect(text.slice(release)).toContain("first-contentful-paint");
    // The other inline scripts are left as they were.
    expect(text).toContain('<script nonce="n0nce">window.__reactRouterContext = {};</script>');
    expect(text).toContain("streamController.close();</script></body>");
  });

  it("leaves a page without the app's scripts (the landing page) as it was", async () => {
    const html = page("<p>No JavaScript here</p>").replaceAll(/<link rel="modulepreload"[^>]*>/g, "");
    const { text } = await served(html);
    expect(text).toBe(html);
  });

  it("leaves module scripts with a src alone", async () => {
    const html = page('<script type="module" src="/assets/other.js"></script>');
    const { text } = await served(html);
    expect(text).toContain('<script type="module" src="/assets/other.js"></script>');
    expect(text).not.toContain("first-contentful-paint");
  });
});
