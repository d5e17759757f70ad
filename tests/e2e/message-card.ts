/**
 * A message for the message card, answered in the page (`GET /api/messages/:id`):
 * the screens that show the card need one without mailing it through the queue.
 * The sender and subject are the feed samples' (feed-screens, accessibility).
 */
import type { Page } from "playwright-core";

export function answerMessage(page: Page, id: string, { html, events }: { html: string; events: unknown[] }) {
  return page.route(`**/api/messages/${id}`, (route) =>
    route.fulfill({
      json: {
        senderInfo: { sender: "Ms. Rivera via Remind", address: "rivera@maplegrove.example.edu" },
        subject: "This week in Room 12",
        creationDate: new Date().toISOString(),
        html,
        hiddenImages: 0,
        text: null,
        events,
      },
    }),
  );
}
