/**
 * Issue 32: every family-data path goes through familyDb (ADR 027). In the
 * worker tests each handle checks the statements it prepares, so a family
 * table read through the directory's handle, or a directory table through a
 * family's, fails the test that runs it: the whole suite is the check.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { database } from "~/.server/db/client";
import { events, messages, users } from "~/.server/db/schema";
import { familyDb, familyShards } from "~/.server/family/data";
import { signIn } from "./helpers";

describe("the data handles", () => {
  it("refuse a family table through the directory's handle, and a directory table through a family's", async () => {
    const parent = await signIn();
    await expect(database(env).select().from(events).where(eq(events.userId, parent.userId))).rejects.toThrow(/Family table "events".*familyDb/);
    await expect(database(env).delete(messages).where(eq(messages.userId, parent.userId))).rejects.toThrow(/Family table "messages"/);
    await expect(familyDb(env, { key: parent.userId, shard: 1 }).select().from(users).where(eq(users.id, parent.userId))).rejects.toThrow(/Directory table "users".*database\(env\)/);
  });

  it("let each handle read its own tables, and every shard a cron walks is a family handle", async () => {
    const parent = await signIn();
    expect(await database(env).select({ id: users.id }).from(users).where(eq(users.id, parent.userId))).toEqual([{ id: parent.userId }]);
    expect(await familyDb(env, { key: parent.userId, shard: 1 }).select().from(events).where(eq(events.userId, parent.userId))).toEqual([]);
    expect(familyShards(env).map((s) => s.shard)).toEqual([1, 2]);
    for (const { db: shard } of familyShards(env)) {
      await expect(shard.select().from(users).limit(1)).rejects.toThrow(/Directory table/);
    }
  });
});
