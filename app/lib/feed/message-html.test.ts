import { describe, expect, it } from "vitest";
import { isRemoteImage, MESSAGE_SANDBOX, messageCsp, messageDocument } from "./message-html";

describe("message HTML frame", () => {
  it("never allows scripts, and remote images only when asked", () => {
    expect(MESSAGE_SANDBOX).not.toContain("allow-scripts");
    expect(messageCsp(false)).toContain("script-src 'none'");
    expect(messageCsp(false)).not.toContain("https:");
    expect(messageCsp(true)).toContain("img-src data: cid: https:");
    expect(messageDocument("<p>Hi</p>", false, false)).toContain('http-equiv="Content-Security-Policy"');
  });

  it("knows which images are remote", () => {
    expect(isRemoteImage("https://tracker.example/p.gif")).toBe(true);
    expect(isRemoteImage("//cdn.example/a.png")).toBe(true);
    expect(isRemoteImage("data:image/png;base64,AAAA")).toBe(false);
  });
});
