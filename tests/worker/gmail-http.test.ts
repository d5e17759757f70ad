/** The real Gmail client (Gmail API v1) against scripted answers in its documented shapes. */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { base64url } from "~/.server/auth/crypto";
import { messages } from "~/.server/db/schema";
import { googleGmail } from "~/.server/integrations/gmail/google-gmail";
import { pollParentGmail } from "~/.server/integrations/gmail/poll";
import { grantGoogle } from "./google-grant";
import { db, send, signIn } from "./helpers";
import { rawMail } from "./mail";
import { realEnv, stubFetch } from "./outbound";

const MESSAGES = "https://gmail.googleapis.com/gmail/v1/users/me/messages";

describe("googleGmail", () => {
  it("lists with the query and fetches messages raw", async () => {
    const seen = stubFetch((request) =>
      request.url.includes("format=raw")
        ? Response.json({ id: "18c1", threadId: "18c1", internalDate: "1764000000000", raw: "U3ViamVjdDogaGk" })
        : Response.json({ messages: [{ id: "18c1", threadId: "18c1" }], resultSizeEstimate: 1 }),
    );
    const list = await googleGmail.listMessages("t", "from:(a@school.org) after:1764000000");
    expect(list.messages).toEqual([{ id: "18c1", threadId: "18c1" }]);
    expect(new URL(seen[0]!.url).searchParams.get("q")).toBe("from:(a@school.org) after:1764000000");
    expect(seen[0]!.headers.get("Authorization")).toBe("Bearer t");
    await googleGmail.getRawMessage("t", "18c1");
    expect(seen[1]!.url).toBe(`${MESSAGES}/18c1?format=raw`);
  });

  it("follows nextPageToken to older matches", async () => {
    const { cookie, userId } = await signIn();
    await grantGoogle(userId, "gmail");
    await send("POST", "/api/watchlist", cookie, { address: "school.example.org" });
    const raw = (subject: string) =>
      base64url(new TextEncoder().encode(rawMail({ to: "me@gmail.com", from: "Office <office@school.example.org>", subject, text: `${subject} is Friday.` })));
    const seen = stubFetch((request) => {
      const url = new URL(request.url);
      if (url.searchParams.get("format") === "raw") {
        const id = url.pathname.split("/").pop()!;
        return Response.json({ id, threadId: id, internalDate: String(Date.now()), raw: raw(id === "new1" ? "Picture day" : "Book fair") });
      }
      return url.searchParams.get("pageToken") === "page2"
        ? Response.json({ messages: [{ id: "old1", threadId: "old1" }] })
        : Response.json({ messages: [{ id: "new1", threadId: "new1" }], nextPageToken: "page2" });
    });
    expect(await pollParentGmail(db(), realEnv(env), userId, new Date())).toBe(2);
    const lists = seen.filter((r) => !r.url.includes("format=raw")).map((r) => new URL(r.url).searchParams);
    expect(lists.map((p) => [p.get("maxResults"), p.get("pageToken")])).toEqual([["500", null], ["500", "page2"]]);
    const rows = await db().select().from(messages).where(eq(messages.userId, userId));
    expect(rows.map((m) => m.messageKey).toSorted()).toEqual(["gmail:new1", "gmail:old1"]);
  });

  it("brings a followed sender's mail into Cubby with the real services", async () => {
    const { cookie, userId } = await signIn();
    await grantGoogle(userId, "gmail");
    await send("POST", "/api/watchlist", cookie, { address: "school.example.org" });
    const raw = rawMail({ to: "me@gmail.com", from: "Office <office@school.example.org>", subject: "Picture day", text: "Picture day is Friday." });
    stubFetch((request) =>
      request.url.includes("format=raw")
        ? Response.json({ id: "18c2", threadId: "18c2", internalDate: String(Date.now()), raw: base64url(new TextEncoder().encode(raw)) })
        : Response.json({ messages: [{ id: "18c2", threadId: "18c2" }] }),
    );
    expect(await pollParentGmail(db(), realEnv(env), userId, new Date())).toBe(1);
    const stored = await db().select().from(messages).where(eq(messages.userId, userId));
    expect(stored.map((m) => [m.subject, m.messageKey])).toEqual([["Picture day", "gmail:18c2"]]);
  });
});
