/**
 * An e-mail's HTML as the message card may show it (spec §5 "Email and page
 * HTML is sanitized before display"), made safe here in the Worker with
 * sanitize-html (ADR 028): the hostile markup a mail may carry is parsed only
 * by htmlparser2 on the server, never in the document that holds the parent's
 * session. What leaves is rebuilt from an allow-list: tags and attributes a
 * newsletter uses to look like itself, links to web, mail and phone addresses,
 * and no scripts, handlers, frames, forms or styles sheets.
 *
 * Remote images are left out, and counted, until the parent asks for them:
 * an image that reached the page with its src would already be fetching, and
 * telling the sender the mail was opened.
 */
import sanitizeHtml from "sanitize-html";

/** True for images the browser would fetch from the network. */
export function isRemoteImage(src: string): boolean {
  return /^(https?:)?\/\//i.test(src.trim());
}

/** Attributes older newsletters still lay themselves out with. */
const LAYOUT = ["align", "valign", "width", "height", "bgcolor", "border", "dir"];

/**
 * CSS a newsletter's inline styles use. A value may not load or run anything: no url() (a
 * remote background is a tracker like a remote image), no escapes, no expression(). The
 * frame's own CSP would stop most of it; the sanitiser does not count on that.
 */
const SAFE_CSS_VALUE = [/^(?![\s\S]*(?:url\s*\(|image-set|expression\s*\(|javascript:|vbscript:|\\|@import))[\s\S]*$/i];
const STYLE_PROPERTIES = [
  "color", "background", "background-color", "opacity",
  "font", "font-family", "font-size", "font-style", "font-weight", "font-variant", "line-height", "letter-spacing", "word-spacing",
  "text-align", "text-decoration", "text-indent", "text-transform", "white-space", "word-break", "overflow-wrap", "vertical-align", "direction",
  "margin", "margin-top", "margin-right", "margin-bottom", "margin-left",
  "padding", "padding-top", "padding-right", "padding-bottom", "padding-left",
  "border", "border-top", "border-right", "border-bottom", "border-left", "border-color", "border-style", "border-width", "border-radius",
  "border-collapse", "border-spacing", "table-layout",
  "width", "height", "min-width", "max-width", "min-height", "max-height",
  "display", "float", "clear", "overflow", "list-style-type", "list-style-position",
];

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    "img",
    "font",
    "center",
    "big",
    "del",
    "ins",
    "strike",
    "tt",
  ],
  allowedAttributes: {
    "*": ["style", "title", "lang", ...LAYOUT],
    a: ["href", "name", "rel"],
    img: ["src", "alt"],
    font: ["color", "face", "size"],
    table: ["cellpadding", "cellspacing"],
    td: ["colspan", "rowspan", "nowrap"],
    th: ["colspan", "rowspan", "nowrap", "scope"],
    col: ["span"],
    colgroup: ["span"],
    ol: ["start", "type", "reversed"],
    li: ["value"],
    time: ["datetime"],
  },
  allowedStyles: { "*": Object.fromEntries(STYLE_PROPERTIES.map((property) => [property, SAFE_CSS_VALUE])) },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  // Inline and attached pictures (cid: is the mail's own part) besides the web's.
  allowedSchemesByTag: { img: ["http", "https", "data", "cid"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  // A head's title and a style sheet's rules are not the mail's words: dropped with their text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "head", "template", "xmp", "noembed", "noframes"],
};

export interface SanitisedMessage {
  /** The body HTML, safe to write into the message frame. */
  html: string;
  /** Remote images left out until the parent asks. */
  hiddenImages: number;
}

/** `remoteImages`: the parent asked to see them ('Show images'). */
export function sanitiseMessageHtml(html: string, { remoteImages }: { remoteImages: boolean }): SanitisedMessage {
  let hiddenImages = 0;
  const safe = sanitizeHtml(html, {
    ...ALLOWED,
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: "noopener noreferrer" } }),
      img: (tagName, attribs) => {
        if (remoteImages || !attribs.src || !isRemoteImage(attribs.src)) return { tagName, attribs };
        hiddenImages++;
        const { src: _parked, ...rest } = attribs;
        return { tagName, attribs: rest };
      },
    },
  });
  return { html: safe, hiddenImages };
}
