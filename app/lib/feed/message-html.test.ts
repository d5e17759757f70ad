import { describe, expect, it } from "vitest";
import { MESSAGE_SANDBOX, messageCsp, messageDocument } from "./message-html";

describe("message HTML frame", () => {
  it("never allows scripts, and remote images only when asked", () => {
    expect(MESSAGE_SANDBOX).not.toContain("allow-scripts");
    expect(messageCsp(false)).toContain("script-src 'none'");
    expect(messageCsp(false)).not.toContain("https:");
    expect(messageCsp(true)).toContain("img-src data: cid: https:");
    expect(messageDocument("<p>Hi</p>", false, false)).toContain('http-equiv="Content-Security-Policy"');
  });
});
