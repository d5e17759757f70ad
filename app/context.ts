import { createContext } from "react-router";

/** What the Worker hands every loader and action: its bindings and execution context. */
export interface CloudflareContext {
  env: Env;
  ctx: ExecutionContext;
}

export const cloudflareContext = createContext<CloudflareContext>();

/** This request's CSP nonce (workers/security-headers.ts): app/entry.server.tsx puts it on every inline script. */
export const pageNonceContext = createContext<string>();
