import { describe, expect, it } from "vitest";
import { senderAddresses } from "~/.server/db/schema";
import { call, db, signIn } from "./helpers";

async function seedSenders(userId: string) {
  await db()
    .insert(senderAddresses)
    .values([
      { userId, address: "ms.park@maplegrove.example.edu", senderName: "Ms Park", lastSeenAt: new Date(2026, 9, 1) },
      { userId, address: "office@maplegrove.example.edu", senderName: "Maple Grove Office", lastSeenAt: new Date(2026, 9, 3) },
      { userId, address: "noreply@club.example.org", senderName: "", lastSeenAt: new Date(2026, 9, 2) },
    ]);
}

describe("GET /api/addresses", () => {
  it("lists the addresses seen in the parent's mail, most recent first", async () => {
    const { cookie, userId } = await signIn();
    await seedSenders(userId);
    const response = await call("/api/addresses", { cookie });
    expect(await response.json()).toEqual({
      addresses: [
        { address: "office@maplegrove.example.edu", count: 0 },
        { address: "noreply@club.example.org", count: 0 },
        { address: "ms.park@maplegrove.example.edu", count: 0 },
      ],
    });
  });
});

describe("GET /api/senders", () => {
  it("lists the names of who wrote, without blanks", async () => {
    const { cookie, userId } = await signIn();
    await seedSenders(userId);
    const response = await call("/api/senders", { cookie });
    expect(await response.json()).toEqual({
      senders: [{ senderName: "Maple Grove Office" }, { senderName: "Ms Park" }],
    });
  });
});

describe("another parent", () => {
  it("sees none of these addresses or names", async () => {
    const owner = await signIn();
    await seedSenders(owner.userId);
    const other = await signIn();
    expect(await (await call("/api/addresses", { cookie: other.cookie })).json()).toEqual({ addresses: [] });
    expect(await (await call("/api/senders", { cookie: other.cookie })).json()).toEqual({ senders: [] });
  });

  it("without a session gets 401", async () => {
    expect((await call("/api/addresses")).status).toBe(401);
    expect((await call("/api/senders")).status).toBe(401);
  });
});
