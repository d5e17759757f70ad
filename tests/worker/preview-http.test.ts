/** The real mail sender (Resend's HTTP API) against a scripted answer. */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { mailOutbox } from "~/.server/db/schema";
import { eq } from "drizzle-orm";
import { sendWeeklyPreview } from "~/.server/integrations/mail/weekly-preview";
import { chooseMail } from "~/.server/integrations/mail/choose";
import { db, signIn } from "./helpers";
import { realEnv, stubFetch } from "./outbound";

describe("weekly preview through Resend", () => {
  it("posts the mail with the API key, from the configured sender, and keeps no local copy", async () => {
    const { userId, email } = await signIn();
    const seen = stubFetch(() => Response.json({ id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" }));
    const real = realEnv(env, { RESEND_API_KEY: "re_test_key", MAIL_FROM: "Cubby <previews@cubby.example.com>" });
    expect(await sendWeeklyPreview(db(), real, userId)).toBe(1);
    expect(seen[0]).toMatchObject({ url: "https://api.resend.com/emails", method: "POST" });
    expect(seen[0]!.headers.get("Authorization")).toBe("Bearer re_test_key");
    const body = JSON.parse(seen[0]!.body) as Record<string, unknown>;
    expect(body).toMatchObject({ from: "Cubby <previews@cubby.example.com>", to: [email] });
    expect(String(body.subject)).toMatch(/^Your week ahead: /);
    expect(body.html).toEqual(expect.stringContaining("https://cubby.example.com/focus"));
    // Resend keeps one mail per key for a day: a retried send is not a second mail.
    expect(seen[0]!.headers.get("Idempotency-Key")).toMatch(new RegExp(`^weekly-preview/${userId}/\\d{4}-\\d{2}-\\d{2}/[0-9a-f]{16}$`));
    // RFC 8058 one-click unsubscribe, as Resend passes custom headers on.
    const headers = body.headers as Record<string, string>;
    expect(headers["List-Unsubscribe"]).toMatch(/^<https:\/\/cubby\.example\.com\/api\/mail\/unsubscribe\?\S+>$/);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.userId, userId))).toEqual([]);
  });

  it("is switched off when a real deployment has no mail settings", () => {
    expect(chooseMail(realEnv(env), db())).toBeNull();
  });
});
