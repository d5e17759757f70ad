import { describe, expect, it } from "vitest";
import { bugReportLink, SUPPORT_EMAIL } from "./support";

describe("bugReportLink", () => {
  it("drafts a mail to the support mailbox with the account and browser filled in", () => {
    const link = new URL(bugReportLink({ email: "sam@example.com", userAgent: "Phone & Browser" }));
    expect(link.protocol).toBe("mailto:");
    expect(link.pathname).toBe(SUPPORT_EMAIL);
    expect(link.searchParams.get("subject")).toBe("Cubby bug report");
    expect(link.searchParams.get("body")).toContain("Account: sam@example.com\nBrowser: Phone & Browser");
  });
});
