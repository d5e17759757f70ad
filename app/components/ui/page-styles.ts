import { createContext } from "react";

/**
 * The app's stylesheet as text, given by the server's entry so the root
 * layout can put it in the page's <head>: the first paint then needs no
 * second request. In the browser it is empty (React 19 leaves the server's
 * extra <head> tag alone while hydrating).
 */
export const PageStyles = createContext("");
