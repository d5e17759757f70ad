/**
 * ADR 024: /api/events names the session the device may keep its answer under
 * for the offline feed: the same name for the same session, another for every
 * other session (a partner's, the same parent's on a second phone).
 */
import { describe, expect, it } from "vitest";
import { OFFLINE_KEY_HEADER } from "~/.server/auth/offline-key";
import { call, signIn, uniqueEmail } from "./helpers";

async function keyOf(cookie: string) {
  const response = await call("/api/events", { cookie });
  expect(response.status).toBe(200);
  return response.headers.get(OFFLINE_KEY_HEADER);
}

describe("the offline key on GET /api/events", () => {
  it("is one per session and reveals nothing of the cookie", async () => {
    const email = uniqueEmail();
    const phone = await signIn(email);
    const tablet = await signIn(email);
    const other = await signIn();
    const key = await keyOf(phone.cookie);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(await keyOf(phone.cookie)).toBe(key);
    expect(await keyOf(tablet.cookie)).not.toBe(key);
    expect(await keyOf(other.cookie)).not.toBe(key);
    expect(phone.cookie).not.toContain(key!);
  });
});
