/**
 * Another site must not be able to drive a signed-in parent's browser into
 * changing their data: state-changing requests with a foreign Origin get 403.
 */
import { expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser";
import { signIn, uniqueEmail } from "./parent.mjs";

const open = useBrowser();

// Not about phones: one profile is enough.
it("refuses a cross-origin POST to /api/timezone and accepts the same one from Cubby", async () => {
  const page = await open("Pixel 7");
  await signIn(page, uniqueEmail("origin-guard"));
  const body = { data: { timezone: "America/Toronto" } };

  const forged = await page.request.post("/api/timezone", {
    ...body,
    headers: { Origin: "https://evil.example" },
  });
  expect(forged.status()).toBe(403);

  // The session is valid, so the refusal was the origin's doing; and the
  // forged call wrote nothing: the zone is still unset and this one saves it.
  const genuine = await page.request.post("/api/timezone", {
    ...body,
    headers: { Origin: baseURL() },
  });
  expect(genuine.status()).toBe(200);
  expect(await genuine.json()).toEqual({ ok: true, saved: true });
});
