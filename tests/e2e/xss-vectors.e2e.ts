/**
 * DOMPurify's XSS vectors (tests/fixtures/xss-external), sanitised by the
 * Worker's sanitiser (ADR 028), then parsed by Chromium itself in a page with
 * nothing else guarding it: no CSP, no sandbox. The worker test checks the
 * sanitiser's output with workerd's tokenizer; this checks it the way a phone
 * reads it, where a parser difference would show as a script that runs.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sanitiseMessageHtml } from "../../app/.server/message-html";
import { useBrowser } from "./browser";

const open = useBrowser();
const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/xss-external/${name}`, import.meta.url), "utf8"));
const PAYLOADS: string[] = [
  ...new Set([...(fixture("vectors.json") as string[]), ...(fixture("vectors_with_expected.json") as { payload: string }[]).map((vector) => vector.payload)]),
];

describe("DOMPurify's XSS vectors, sanitised, in Chromium", () => {
  it(`run nothing, in any of the ${PAYLOADS.length} payloads, with images shown`, async () => {
    const page = await open("Pixel 7");
    const ran: string[] = [];
    let current = "";
    page.on("dialog", (dialog) => {
      ran.push(`${dialog.type()}(${dialog.message()}) from ${current}`);
      void dialog.dismiss();
    });
    // Whatever a vector could call besides a dialog leaves a mark on the page.
    await page.exposeFunction("cubbyRan", (what: string) => ran.push(`${what} from ${current}`));
    await page.route("**/*", (route) => route.fulfill({ status: 404, body: "" }));
    for (const payload of PAYLOADS) {
      current = payload;
      const { html } = sanitiseMessageHtml(payload, { remoteImages: true });
      await page.setContent(
        `<!doctype html><script>for (const name of ["alert", "confirm", "prompt", "print", "eval"]) { const original = window[name]; window[name] = (...args) => { window.cubbyRan(name); return name === "eval" ? undefined : original?.apply(window, args); }; }</script><body>${html}</body>`,
      );
      if (new URL(page.url()).protocol !== "about:") ran.push(`navigated to ${page.url()} from ${payload}`);
    }
    expect(ran).toEqual([]);
  });
});
