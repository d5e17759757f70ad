import { describe, expect, it } from "vitest";
import { watchlist } from "~/.server/db/schema";
import { call, db, send, signIn } from "./helpers";

async function watchlistOf(cookie: string): Promise<string[]> {
  const response = await call("/api/watchlist", { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { watchlist: string[] }).watchlist;
}

describe("/api/watchlist", () => {
  it("adds trimmed, lowercased addresses and domains once each, and removes them", async () => {
    const { cookie } = await signIn();
    expect(await watchlistOf(cookie)).toEqual([]);
    expect((await send("POST", "/api/watchlist", cookie, { address: "  Ms.Park@Maplegrove.example.edu " })).status).toBe(201);
    expect((await send("POST", "/api/watchlist", cookie, { address: "riverdaleps.example.ca" })).status).toBe(201);
    expect((await send("POST", "/api/watchlist", cookie, { address: "ms.park@maplegrove.example.edu" })).status).toBe(201);
    expect(await watchlistOf(cookie)).toEqual(["ms.park@maplegrove.example.edu", "riverdaleps.example.ca"]);

    expect((await send("DELETE", "/api/watchlist", cookie, { address: "MS.PARK@maplegrove.example.edu" })).status).toBe(200);
    expect(await watchlistOf(cookie)).toEqual(["riverdaleps.example.ca"]);
    expect((await send("DELETE", "/api/watchlist", cookie, { address: "ms.park@maplegrove.example.edu" })).status).toBe(404);
  });

  it.each([
    ["an empty address", { address: "   " }, "Please type in an address or domain"],
    ["no address at all", {}, "Please type in an address or domain"],
    ["an address without a domain", { address: "coach" }, "Address is missing a domain name (e.g., .com, .org, .me)"],
    ["invalid characters", { address: "coach smith@club.org" }, "Address contains invalid characters"],
    ["a non-string", { address: 42 }, "Please type in an address or domain"],
  ])("refuses %s with spec §5's text", async (_label, body, message) => {
    const { cookie } = await signIn();
    for (const method of ["POST", "DELETE"]) {
      const response = await send(method, "/api/watchlist", cookie, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: message });
    }
    expect(await watchlistOf(cookie)).toEqual([]);
  });

  it("refuses an address longer than 254 characters and keeps the list", async () => {
    const { cookie } = await signIn();
    await send("POST", "/api/watchlist", cookie, { address: "school.example.org" });
    const response = await send("POST", "/api/watchlist", cookie, { address: `${"a".repeat(243)}@example.org` });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "An address has at most 254 characters." });
    expect(await watchlistOf(cookie)).toEqual(["school.example.org"]);
  });

  it("follows at most 200 addresses, with a clear message for the 201st", async () => {
    const { cookie, userId } = await signIn();
    const followed = Array.from({ length: 200 }, (_, i) => `school${i}.example.org`);
    // D1 takes at most 100 bound parameters a statement.
    for (let i = 0; i < followed.length; i += 25) {
      await db().insert(watchlist).values(followed.slice(i, i + 25).map((address) => ({ userId, address })));
    }
    const response = await send("POST", "/api/watchlist", cookie, { address: "one-more.example.org" });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: "You can follow up to 200 addresses." });
    // Adding one already followed is still fine.
    expect((await send("POST", "/api/watchlist", cookie, { address: "school7.example.org" })).status).toBe(201);
    expect(await watchlistOf(cookie)).toHaveLength(200);
  });

  it("keeps each parent's list their own", async () => {
    const owner = await signIn();
    const other = await signIn();
    await send("POST", "/api/watchlist", owner.cookie, { address: "school.example.org" });
    expect(await watchlistOf(other.cookie)).toEqual([]);
    // Removing it from someone else's list is "not on your list", and theirs keeps it.
    expect((await send("DELETE", "/api/watchlist", other.cookie, { address: "school.example.org" })).status).toBe(404);
    expect(await watchlistOf(owner.cookie)).toEqual(["school.example.org"]);
  });

  it("needs a session", async () => {
    expect((await call("/api/watchlist")).status).toBe(401);
  });
});
