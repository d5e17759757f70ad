/**
 * HTML → readable lines, without a DOM (the same code runs in workerd).
 * Tables become one row per line with cells joined by " | "; a CSS-grid row
 * (a block whose children are only inline cells) is treated like a table row;
 * headings are flagged so the extractor can use them as event titles.
 */
import { parseDocument } from "htmlparser2";

export interface TextLine {
  text: string;
  /** h1–h6, a bold-only block, or an element whose class names a title. */
  heading: boolean;
  /** The https addresses the line's links point to ("Sign up here"), in order. */
  links?: string[];
  /** What the line's event is called, when the block's layout says so (an item under a date line). */
  name?: string | null;
  /** One item of a list the layout gave a date: its own event, never the line above told again. */
  item?: boolean;
  /** The line or lines as written, when the layout rewrote them ("Tue 3/2 – Day B" over "- Spelling quiz"). */
  source?: string;
}

interface HtmlNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: HtmlNode[];
}

const SKIPPED = new Set(["script", "style", "head", "noscript", "template", "svg", "title", "xml", "meta", "link"]);
const BLOCKS = new Set([
  "p", "div", "section", "article", "header", "footer", "main", "aside", "nav", "ul", "ol", "li",
  "h1", "h2", "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tfoot", "tr", "blockquote", "pre",
  "hr", "dl", "dt", "dd", "form", "fieldset", "figure", "figcaption", "address", "center",
  "details", "summary", "caption", "body", "html",
]);
/** Boundaries that separate one topic from the next. */
const PARAGRAPHS = new Set(["p", "article", "section", "table", "ul", "ol", "blockquote", "hr", "h1", "h2"]);
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "dt", "caption"]);
const BOLD = new Set(["b", "strong"]);

/** Zero-width characters and odd spaces that e-mail builders scatter through text. */
export function cleanInlineText(text: string): string {
  return text
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, "")
    .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000\t]/g, " ");
}

function textOf(node: HtmlNode): string {
  if (node.type === "text") return cleanInlineText(node.data ?? "");
  if (node.type !== "tag" && node.type !== "root") return "";
  if (node.name && SKIPPED.has(node.name)) return "";
  if (node.name === "br") return " ";
  return (node.children ?? []).map(textOf).join(node.name && BLOCKS.has(node.name) ? " " : "");
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function hasBlockInside(node: HtmlNode): boolean {
  return (node.children ?? []).some(
    (c) => c.type === "tag" && (BLOCKS.has(c.name!) || c.name === "br" || hasBlockInside(c)),
  );
}

function elementChildren(node: HtmlNode): HtmlNode[] {
  return (node.children ?? []).filter((c) => c.type === "tag" && !SKIPPED.has(c.name!));
}

/** A block made only of inline cells (`<div class=row><span>9/13</span><span>1:00 PM</span>…`). */
function isGridRow(node: HtmlNode): boolean {
  const elements = elementChildren(node);
  if (elements.length < 3) return false;
  const looseText = (node.children ?? []).some((c) => c.type === "text" && collapse(c.data ?? "") !== "");
  return !looseText && elements.every((e) => !BLOCKS.has(e.name!) && e.name !== "br" && !hasBlockInside(e));
}

function looksLikeTitleClass(node: HtmlNode): boolean {
  const cls = `${node.attribs?.class ?? ""} ${node.attribs?.id ?? ""}`.toLowerCase();
  return /(?:^|[-_\s])(?:title|heading|headline|header)(?:$|[-_\s])/.test(cls);
}

class LineWriter {
  lines: TextLine[] = [];
  private current = "";
  private currentHeading = false;
  private currentLinks: string[] = [];

  inline(text: string): void {
    this.current += text;
  }

  markHeading(): void {
    this.currentHeading = true;
  }

  link(href: string): void {
    this.currentLinks.push(href);
  }

  newline(): void {
    const text = collapse(this.current);
    if (text) this.lines.push({ text, heading: this.currentHeading, ...(this.currentLinks.length ? { links: this.currentLinks } : {}) });
    this.current = "";
    this.currentHeading = false;
    this.currentLinks = [];
  }

  paragraph(): void {
    this.newline();
    const last = this.lines[this.lines.length - 1];
    if (last && last.text !== "") this.lines.push({ text: "", heading: false });
  }

  line(text: string, heading = false, links: string[] = []): void {
    this.newline();
    const t = collapse(text);
    if (t) this.lines.push({ text: t, heading, ...(links.length ? { links } : {}) });
  }
}

function walk(node: HtmlNode, out: LineWriter): void {
  if (node.type === "text") {
    out.inline(cleanInlineText(node.data ?? ""));
    return;
  }
  if (node.type !== "tag" && node.type !== "root") return;
  const name = node.name ?? "";
  if (SKIPPED.has(name)) return;
  if (name === "br") return out.newline();
  if (name === "tr" && !hasBlockInsideCells(node)) {
    const cells = elementChildren(node).filter((c) => c.name === "td" || c.name === "th");
    const texts = cells.map((c) => collapse(textOf(c)));
    if (texts.some((t) => t)) out.line(texts.join(" | "), cells.every((c) => c.name === "th") && cells.length === 1, linksIn(node));
    return;
  }
  if (BLOCKS.has(name) && isGridRow(node)) {
    out.line(elementChildren(node).map((c) => collapse(textOf(c))).join(" | "), false, linksIn(node));
    return;
  }
  const isBlock = BLOCKS.has(name) || name === "td" || name === "th";
  if (isBlock) {
    if (PARAGRAPHS.has(name)) out.paragraph();
    else out.newline();
  }
  const children = node.children ?? [];
  const heading =
    HEADINGS.has(name) ||
    (isBlock && looksLikeTitleClass(node) && !hasBlockInside(node)) ||
    (isBlock && !hasBlockInside(node) && onlyBold(node));
  for (const child of children) walk(child, out);
  const href = linkOf(node);
  if (href) out.link(href);
  if (heading) out.markHeading();
  if (isBlock) {
    if (PARAGRAPHS.has(name)) out.paragraph();
    else out.newline();
  }
}

/** An anchor's address, when it is one a parent may follow: https only. */
function linkOf(node: HtmlNode): string | null {
  const href = node.name === "a" ? node.attribs?.href?.trim() : undefined;
  return href && /^https:\/\/[^\s]+$/i.test(href) ? href : null;
}

function linksIn(node: HtmlNode): string[] {
  const own = linkOf(node);
  return [...(own ? [own] : []), ...(node.children ?? []).flatMap(linksIn)];
}

function hasBlockInsideCells(row: HtmlNode): boolean {
  return elementChildren(row).some((cell) => hasBlockInside(cell) && collapse(textOf(cell)).length > 80);
}

function onlyBold(node: HtmlNode): boolean {
  const meaningful = (node.children ?? []).filter((c) => !(c.type === "text" && collapse(c.data ?? "") === ""));
  return meaningful.length === 1 && meaningful[0]!.type === "tag" && BOLD.has(meaningful[0]!.name!);
}

export function htmlToLines(html: string): TextLine[] {
  const document = parseDocument(html, { decodeEntities: true }) as unknown as HtmlNode;
  const out = new LineWriter();
  walk(document, out);
  out.newline();
  while (out.lines.length && out.lines[out.lines.length - 1]!.text === "") out.lines.pop();
  return out.lines;
}

/** Readable plain text: block elements on their own lines, table rows as "a | b | c". */
export function htmlToText(html: string): string {
  return htmlToLines(html)
    .map((l) => l.text)
    .join("\n");
}

/** The page's <title>, for web pages that have no subject line. */
export function htmlTitle(html: string): string {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  if (!m) return "";
  const document = parseDocument(m[1]!, { decodeEntities: true }) as unknown as HtmlNode;
  return collapse(textOf(document));
}
