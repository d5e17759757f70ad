/**
 * axe-core in the e2e suite (docs/accessibility.md): the WCAG 2.2 A/AA rules and
 * axe's best practices on the page as it is, the findings that block (serious
 * or critical), and with A11Y_REPORT=<file> every finding written down.
 */
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import type { Page } from "playwright-core";

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA (the conformance target), and axe's best practices (landmarks, headings). */
const RULE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const BLOCKING = new Set(["serious", "critical"]);

const axeSource = readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** What the functions run in the page use of it (the e2e project's types have no DOM). */
export interface InPageElement {
  tagName: string;
  className: unknown;
  textContent: string | null;
  scrollWidth: number;
  clientWidth: number;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  closest(selector: string): unknown;
  getBoundingClientRect(): { top: number; bottom: number; height: number };
}
export interface InPage {
  axe?: { run(context: unknown, options: object): Promise<unknown> };
  document: {
    documentElement: InPageElement;
    activeElement: InPageElement | null;
    body: InPageElement;
    scrollingElement: InPageElement;
    querySelector(selector: string): InPageElement | null;
    querySelectorAll(selector: string): Iterable<InPageElement>;
    getAnimations(): { playState: string; effect: { getComputedTiming(): { endTime: number } } | null }[];
  };
  getComputedStyle(element: unknown): { overflowX: string; outlineStyle: string; outlineWidth: string; boxShadow: string; color: string; top: string };
}

export interface Finding {
  screen: string;
  rule: string;
  impact: string;
  nodes: string[];
}

/**
 * Runs axe on the page as it is. The page's CSP admits only its own nonce'd
 * scripts, so axe goes in through the DevTools protocol (page.evaluate), which
 * a CSP does not govern, rather than as a <script> tag.
 */
export async function audit(page: Page, screen: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => "axe" in globalThis))) await page.evaluate(await axeSource);
  const results = (await page.evaluate((tags) => {
    const { axe, document } = globalThis as unknown as InPage;
    return axe!.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
  }, RULE_TAGS)) as AxeResults;
  return results.violations.map((violation) => ({
    screen,
    rule: violation.id,
    impact: violation.impact ?? "unknown",
    nodes: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary?.split("\n").slice(1).join(" ").trim() ?? ""}`),
  }));
}

/** With A11Y_REPORT=<file>, every finding (blocking or not) is appended there: the audit's numbers. */
export async function report(findings: Finding[], run: string) {
  const file = process.env.A11Y_REPORT;
  if (!file) return;
  const previous = await readFile(file, "utf8").catch(() => "");
  await writeFile(file, previous + findings.map((finding) => JSON.stringify({ run, ...finding })).join("\n") + (findings.length ? "\n" : ""));
}

export function blocking(findings: Finding[]): Finding[] {
  return findings.filter((finding) => BLOCKING.has(finding.impact));
}

/** Waits for the page to be awake (hydrated), so its buttons answer. */
export async function awake(page: Page) {
  await page.waitForFunction(() => (globalThis as unknown as InPage).document.querySelector("[data-waking]") === null);
}

/**
 * Sheets slide up and panels fade in: colours are measured once they have
 * ended (mid-fade text is faint). Endless ones (a spinner, the landing's
 * floating picture, a loading pulse) never end and are left to run.
 */
export function settled(page: Page) {
  return page.waitForFunction(() =>
    (globalThis as unknown as InPage).document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Infinity),
  );
}

/**
 * Audits the screen as it is in light mode, then again in dark mode (the
 * colours switch without a reload), and leaves it light.
 */
export async function auditBothSchemes(page: Page, screen: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await settled(page);
    findings.push(...(await audit(page, `${screen} (${scheme})`)));
  }
  await page.emulateMedia({ colorScheme: "light" });
  return findings;
}

/**
 * What axe leaves out: placeholder text ("https://", "Enter your username") is
 * read like any other, so it must be drawn in the faint ink token (held at
 * 4.5:1 by app/lib/contrast.test.ts), not the browser's own lighter grey.
 * Gives the fields whose placeholder is in another colour.
 */
export function offTokenPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const scope = globalThis as unknown as InPage & {
      getComputedStyle(element: unknown, pseudo?: string): { color: string };
      document: { createElement(tag: string): InPageElement & { style: { color: string }; remove(): void }; body: { append(node: unknown): void } };
    };
    const probe = scope.document.createElement("span");
    probe.style.color = "var(--color-ink-faint)";
    scope.document.body.append(probe);
    const faint = scope.getComputedStyle(probe).color;
    probe.remove();
    return [...scope.document.querySelectorAll("input[placeholder], textarea[placeholder]")]
      .filter((field) => scope.getComputedStyle(field, "::placeholder").color !== faint)
      .map((field) => `${field.getAttribute("name") ?? field.getAttribute("aria-label") ?? field.tagName}: ${scope.getComputedStyle(field, "::placeholder").color} (faint ink is ${faint})`);
  });
}
