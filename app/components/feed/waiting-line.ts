/**
 * The waiting-mail line's height under the top bar: the days' sticky markers
 * and scroll-to-day stay below it (--nav-extra). Apart from WaitingMail.tsx,
 * which the feed loads only when mail waits (ADR 012).
 */
export const WAITING_LINE_HEIGHT = "2.5rem";
