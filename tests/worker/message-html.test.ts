/**
 * spec §5 "Email and page HTML is sanitized before display", in the Worker
 * (ADR 028): DOMPurify's own XSS vectors come out with nothing that could
 * run, a newsletter keeps what makes it readable, remote images wait until
 * asked, and GET /api/messages/:id only ever hands out the sanitised body.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sanitiseMessageHtml } from "~/.server/message-html";
import { env } from "cloudflare:workers";
import { messages } from "~/.server/db/schema";
import { rawMailKey } from "~/.server/ingest/mail-store";
// As text: the worker pool does not load JSON modules.
import vectorsJson from "../fixtures/xss-external/vectors.json?raw";
import withExpectedJson from "../fixtures/xss-external/vectors_with_expected.json?raw";
import { call, db } from "./helpers";
import { deliver, rawMail } from "./mail";
import { parentWithInbox, waitForEvents } from "./inbox";

const vectors = JSON.parse(vectorsJson) as string[];
/** `expected` is DOMPurify's output: a string, or several a browser may give. */
const withExpected = JSON.parse(withExpectedJson) as { title: string; payload: string; expected: string | string[] }[];
const PAYLOADS = [...new Set([...vectors, ...withExpected.map((vector) => vector.payload)])];

/** Elements that run, load, submit or hide markup; none may leave the sanitiser. */
const NEVER = new Set(
  "script style iframe frame frameset object embed applet param form input button textarea select option link meta base svg math template noscript xmp plaintext noembed noframes isindex portal audio video source track canvas dialog slot title head html body".split(
    " ",
  ),
);
const NEVER_ATTRIBUTES = /^(on|xmlns|xlink:|srcdoc$|srcset$|formaction$|action$|background$|ping$|is$|data-|http-equiv$)/i;
const LINK_SCHEMES = new Set(["http:", "https:", "mailto:", "tel:"]);
const IMAGE_SCHEMES = new Set(["http:", "https:", "data:", "cid:"]);

/** An attribute's value as the browser reads it: entities decoded, the characters URL parsing drops removed. */
function browserValue(raw: string): string {
  return raw
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&")
    // oxlint-disable-next-line no-control-regex -- the control characters URL parsing drops are what this removes
    .replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
}

function schemeOf(value: string): string | null {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(value);
  return match ? `${match[1]!.toLowerCase()}:` : null;
}

interface Finding {
  tags: string[];
  problems: string[];
}

/** Reads sanitised HTML with workerd's own HTML tokenizer (lol-html) and lists what should not be there. */
async function inspect(html: string): Promise<Finding> {
  const found: Finding = { tags: [], problems: [] };
  await new HTMLRewriter()
    .on("*", {
      element(element) {
        const tag = element.tagName.toLowerCase();
        found.tags.push(tag);
        if (NEVER.has(tag)) found.problems.push(`<${tag}>`);
        // workerd's Element (the DOM lib's type shadows it here): attributes are [name, value] pairs.
        for (const [name, raw] of element.attributes as unknown as Iterable<[string, string]>) {
          if (NEVER_ATTRIBUTES.test(name)) found.problems.push(`${tag}[${name}]`);
          const value = browserValue(raw);
          if (name === "href" || name === "cite") {
            const scheme = schemeOf(value);
            if (scheme && !LINK_SCHEMES.has(scheme)) found.problems.push(`${tag}[${name}=${value}]`);
          }
          if (name === "src") {
            const scheme = schemeOf(value);
            if (tag !== "img" || (scheme && !IMAGE_SCHEMES.has(scheme))) found.problems.push(`${tag}[src=${value}]`);
          }
          if (name === "style" && /url\s*\(|expression\s*\(|javascript:|vbscript:|-moz-binding|behavior\s*:|@import/i.test(value)) {
            found.problems.push(`${tag}[style=${value}]`);
          }
        }
      },
      comments(comment) {
        found.problems.push(`<!--${comment.text}-->`);
      },
    })
    .transform(new Response(html))
    .text();
  return found;
}

describe("DOMPurify's XSS vectors, through the Worker's sanitiser", () => {
  it(`leaves nothing that runs in any of the ${PAYLOADS.length} payloads`, async () => {
    expect(PAYLOADS.length).toBe(221);
    const failures: string[] = [];
    for (const payload of PAYLOADS) {
      for (const remoteImages of [false, true]) {
        const { html } = sanitiseMessageHtml(payload, { remoteImages });
        const { problems } = await inspect(html);
        if (problems.length) failures.push(`${payload}\n  → ${html}\n  ✗ ${problems.join(", ")}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("gives output that reads the same when sanitised again (no markup that changes on a second parse)", () => {
    const unstable = PAYLOADS.map((payload) => sanitiseMessageHtml(payload, { remoteImages: true }).html).filter(
      (html) => sanitiseMessageHtml(html, { remoteImages: true }).html !== html,
    );
    expect(unstable).toEqual([]);
  });

  it("keeps the harmless parts DOMPurify keeps: text, links and formatting", async () => {
    const kept = withExpected.filter(
      (vector) => typeof vector.expected === "string" && /^<(b|i|a|p|div|span|table)\b/i.test(vector.expected) && !/script|on\w+=|svg|math/i.test(vector.expected),
    );
    expect(kept.length).toBeGreaterThan(5);
    const lost = kept.flatMap((vector) => {
      const { html } = sanitiseMessageHtml(vector.payload, { remoteImages: true });
      const words = (vector.expected as string).replace(/<[^>]*>/g, " ").replace(/&[a-z#0-9]+;/gi, " ").split(/\s+/).filter((word) => /^\w{3,}$/.test(word));
      return words.filter((word) => !html.includes(word)).map((word) => `${vector.title}: ${word}`);
    });
    expect(lost).toEqual([]);
  });
});

const NEWSLETTER = `<html><head><title>Maple Grove News</title><style>p{color:red}</style></head><body>
<table width="100%" cellpadding="4" bgcolor="#fdf6ec"><tr><td align="center" style="font-family:Georgia;color:#333">
<h1>Winter newsletter</h1><p>Pajama Day is on <b>Friday, December 11</b>.</p>
<p><a href="https://maplegrove.example.edu/calendar" target="_self">School calendar</a> ·
<a href="mailto:office@maplegrove.example.edu">Write to the office</a> · <a href="tel:+15555550100">Call</a></p>
<img src="cid:logo@maplegrove" alt="Maple Grove logo"><img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">
<img src="https://tracker.example/pixel.gif" alt=""><img src="//images.example/banner.png" alt="Banner">
</td></tr></table></body></html>`;

describe("a newsletter through the sanitiser", () => {
  it("keeps its words, tables, inline styles, links and inline pictures, and drops its head", () => {
    const { html } = sanitiseMessageHtml(NEWSLETTER, { remoteImages: false });
    const kept = [
      "<b>Friday, December 11</b>",
      '<table width="100%" cellpadding="4" bgcolor="#fdf6ec">',
      'style="font-family:Georgia;color:#333"',
      'href="https://maplegrove.example.edu/calendar"',
      'href="mailto:office@maplegrove.example.edu"',
      'href="tel:+15555550100"',
      'src="cid:logo@maplegrove"',
      'src="data:image/png;base64,iVBORw0KGgo="',
    ];
    expect(kept.filter((fragment) => !html.includes(fragment))).toEqual([]);
    expect(html).not.toContain("Maple Grove News");
    expect(html).not.toContain("color:red");
    expect(html).not.toContain("target=");
    for (const link of html.match(/<a [^>]*>/g) ?? []) expect(link).toContain('rel="noopener noreferrer"');
  });

  it("leaves remote images out, counted, until the parent asks for them", () => {
    const parked = sanitiseMessageHtml(NEWSLETTER, { remoteImages: false });
    expect(parked.hiddenImages).toBe(2);
    expect(parked.html).not.toContain("tracker.example");
    expect(parked.html).not.toContain("images.example");
    expect(parked.html).toContain('alt="Banner"');

    const shown = sanitiseMessageHtml(NEWSLETTER, { remoteImages: true });
    expect(shown.hiddenImages).toBe(0);
    expect(shown.html).toContain('src="https://tracker.example/pixel.gif"');
    expect(shown.html).toContain('src="//images.example/banner.png"');
  });
});

describe("GET /api/messages/:id", () => {
  it("hands out the sanitised body with its hidden images counted, and the images when asked; the stored mail stays whole", async () => {
    const parent = await parentWithInbox();
    const hostile = `${NEWSLETTER.replace("</body>", "")}<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">more</a></body>`;
    await deliver(parent.address, rawMail({ to: parent.address, subject: "Winter newsletter", text: "Pajama Day is on Friday, December 11.", html: hostile }));
    await waitForEvents(parent.cookie);
    const [stored] = await db().select().from(messages).where(eq(messages.userId, parent.userId));

    const body = (await (await call(`/api/messages/${stored!.id}`, { cookie: parent.cookie })).json()) as { html: string; hiddenImages: number };
    expect(body.hiddenImages).toBe(2);
    expect(body.html).toContain("Pajama Day");
    expect(body.html).not.toMatch(/<script|onerror|javascript:|tracker\.example/i);

    const withImages = (await (await call(`/api/messages/${stored!.id}?images=show`, { cookie: parent.cookie })).json()) as { html: string; hiddenImages: number };
    expect(withImages.hiddenImages).toBe(0);
    expect(withImages.html).toContain("https://tracker.example/pixel.gif");
    expect(withImages.html).not.toMatch(/<script|onerror|javascript:/i);

    // Rescans read the mail as it came: whole, in R2; D1 keeps no HTML.
    expect(stored!.html).toBeNull();
    expect(await (await env.MAIL_STORE.get(rawMailKey(stored!.id)))?.text()).toContain("<script>alert(1)</script>");
  });
});
