/** The tutorial's welcome message as the message card shows it (spec §1, §3 "Demo message"). */
import { WELCOME_EVENT_ID, welcomeMessage } from "~/lib/demo";
import type { SourceView } from "./MessageCard";

export function welcomeView(today: string, eventName = "Welcome to Cubby"): SourceView {
  const demo = welcomeMessage(today);
  return {
    kind: "email",
    sender: demo.senderInfo.sender,
    fromCubby: true,
    subject: demo.subject,
    date: demo.creationDate,
    html: demo.html,
    text: null,
    events: [{ _id: WELCOME_EVENT_ID, eventName, day: today, fromPdf: false }],
  };
}
