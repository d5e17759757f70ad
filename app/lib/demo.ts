/**
 * The tutorial's demo mode (spec §1, §4): one sample welcome event and one
 * sample welcome message, made on the device. Nothing here touches the server.
 */
import { type FeedEvent, unflagged } from "./event";

export const WELCOME_EVENT_ID = "welcome-event";
export const WELCOME_MESSAGE_ID = "welcome-message";

/** The welcome event, dated today ('YYYY-MM-DD') so it sits at the top of the feed. */
export function welcomeEvent(today: string): FeedEvent {
  return {
    _id: WELCOME_EVENT_ID,
    id: WELCOME_EVENT_ID,
    eventName: "Welcome to Cubby",
    description:
      "This is what an event looks like. Cubby finds dates in the emails from school, teachers and coaches and puts them here, day by day.",
    start: today,
    end: null,
    dateTime: false,
    tags: ["welcome"],
    range: false,
    ...unflagged(),
    location: null,
    hyperlink: null,
    mentions: [
      {
        _id: "welcome-mention",
        sourceContentId: WELCOME_MESSAGE_ID,
        sourceType: "email",
        sourceSender: "Cubby",
        sourceAddress: null,
        sourceDate: `${today}T12:00:00.000Z`,
        sourceURL: null,
      },
    ],
    createdAt: `${today}T12:00:00.000Z`,
    demoEvent: true,
  };
}

/**
 * The welcome message (spec §3 "Demo message": creationDate, senderInfo,
 * subject, html). Its HTML is Cubby's own words, shown through the same card
 * and sandboxed frame as real mail.
 */
export function welcomeMessage(today: string) {
  return {
    creationDate: `${today}T12:00:00.000Z`,
    senderInfo: { sender: "Cubby", address: null },
    subject: "Welcome to Cubby",
    html: [
      "<p>Every event in your feed comes from a message like this one.</p>",
      "<p>Tap an event to see its details and the message it was found in.</p>",
    ].join(""),
  };
}
