import { createContext } from "react";

/**
 * This page's CSP nonce (ADR 018), given by the server's entry, for an inline
 * script a component writes itself. In the browser it is empty: a script React
 * adds there never runs, and browsers hide the attribute's value anyway.
 */
export const PageNonce = createContext<string | undefined>(undefined);
