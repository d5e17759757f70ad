/**
 * The open feed's WebSocket keep-alive (ADR 022): the feed sends LIVE_PING, and the progress
 * Durable Object's runtime answers LIVE_PONG without waking the object (workers/progress.ts).
 * Shared by both ends so that they cannot drift apart.
 */
export const LIVE_PING = "ping";
export const LIVE_PONG = "pong";
