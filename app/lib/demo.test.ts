import { describe, expect, it } from "vitest";
import { welcomeEvent, welcomeMessage, WELCOME_MESSAGE_ID } from "./demo";

describe("demo mode", () => {
  it("dates the welcome event today and marks it as a demo", () => {
    const event = welcomeEvent("2025-11-22");
    expect(event).toMatchObject({ start: "2025-11-22", dateTime: false, demoEvent: true });
    expect(event.mentions[0]!.sourceContentId).toBe(WELCOME_MESSAGE_ID);
  });

  it("has one welcome message", () => {
    const message = welcomeMessage("2025-11-22");
    // spec §3 "Demo message": creationDate, senderInfo, subject, html.
    expect(Object.keys(message).toSorted()).toEqual(["creationDate", "html", "senderInfo", "subject"]);
    expect(message.subject).toBe("Welcome to Cubby");
    expect(message.html).toMatch(/^<p>Every event in your feed comes from a message like this one\.<\/p>/);
  });
});
