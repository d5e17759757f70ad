/**
 * How an e-mail's HTML is shown (spec §5 "Email and page HTML is sanitized
 * before display"): sanitised in the Worker (app/.server/message-html.ts,
 * ADR 028), then written into a sandboxed iframe whose CSP forbids scripts
 * and, until the parent asks, remote images. Belt and braces: each layer
 * alone stops scripts.
 */

/** The sandbox: no allow-scripts. Same origin only so the card can size the frame to its content. */
export const MESSAGE_SANDBOX = "allow-same-origin allow-popups allow-popups-to-escape-sandbox";

export function messageCsp(remoteImages: boolean): string {
  const images = remoteImages ? "data: cid: https: http:" : "data: cid:";
  return `default-src 'none'; script-src 'none'; object-src 'none'; style-src 'unsafe-inline'; img-src ${images}; font-src data:; form-action 'none'; base-uri 'none'`;
}

/** The iframe's srcdoc around already sanitised body HTML. */
export function messageDocument(sanitisedBody: string, remoteImages: boolean, dark: boolean): string {
  const colours = dark ? "color:#f5eee6;background:#211b17" : "color:#2a221d;background:#ffffff";
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${messageCsp(remoteImages)}"><meta name="viewport" content="width=device-width,initial-scale=1"><base target="_blank"><style>html,body{margin:0;padding:0 2px;${colours};font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere}img{max-width:100%;height:auto}table{max-width:100%!important}a{color:#b9502f}</style></head><body>${sanitisedBody}</body></html>`;
}
