/**
 * /focus/message/:id and /tutorial/message/:id: the message (or web page) an
 * event was found in (spec §2 "Message card"). A failed load says so with
 * spec §8's prompt and closes the card.
 */
import { useCallback, useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import type { Route } from "./+types/message";
import { MessageDetails, sourceNote, type SourceView } from "~/components/event/MessageDetails";
import { useFeed } from "~/components/feed/feed-context";
import { AlertIcon } from "~/components/ui/icons";
import { Prompt } from "~/components/ui/Prompt";
import { Sheet } from "~/components/ui/Sheet";
import { welcomeMessage, WELCOME_MESSAGE_ID } from "~/lib/demo";

export const meta: Route.MetaFunction = () => [{ title: "Message · Cubby" }];

interface Loaded {
  view: SourceView;
  note: string;
}

interface MessageAnswer {
  senderInfo: { sender: string | null; address: string | null };
  subject: string | null;
  creationDate: string;
  text: string | null;
  html: string | null;
  events: unknown[];
}

interface UrlAnswer {
  creatorInfo: { sender: string; address: string };
  urlTitle: string | null;
  urlPath: string;
  parseDate: string;
  text: string | null;
  html: string | null;
  events: unknown[];
}

/** The readable text of a source. HTML is parsed inert and only its text is kept. */
function paragraphsOf(text: string | null, html: string | null): string[] {
  const plain = text ?? (html ? (new DOMParser().parseFromString(html, "text/html").body.textContent ?? "") : "");
  return plain
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

async function loadSource(id: string, signal: AbortSignal): Promise<Loaded> {
  const path = encodeURIComponent(id);
  const message = await fetch(`/api/messages/${path}`, { credentials: "include", signal });
  if (message.ok) {
    const body = (await message.json()) as MessageAnswer;
    return {
      view: {
        sender: body.senderInfo.sender || body.senderInfo.address || "",
        subject: body.subject ?? "",
        date: body.creationDate,
        paragraphs: paragraphsOf(body.text, body.html),
      },
      note: sourceNote(body.events.length, false),
    };
  }
  // Not an e-mail: events can also come from a web page or PDF.
  const page = await fetch(`/api/urls/${path}`, { credentials: "include", signal });
  if (!page.ok) throw new Error(`Source ${id} answered ${message.status} and ${page.status}`);
  const body = (await page.json()) as UrlAnswer;
  return {
    view: {
      sender: `${body.creatorInfo.sender} (You)`,
      subject: body.urlTitle || body.urlPath,
      date: body.parseDate,
      paragraphs: paragraphsOf(body.text, body.html),
    },
    note: sourceNote(body.events.length, true),
  };
}

export default function MessageCard() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { timeZone, feedPath, demo, today } = useFeed();
  const [fetched, setFetched] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const close = useCallback(() => navigate(feedPath), [navigate, feedPath]);
  // Demo mode makes no server calls: only the welcome message exists.
  const demoMessage =
    demo && today && id === WELCOME_MESSAGE_ID ? { view: welcomeMessage(today), note: sourceNote(1, false) } : null;
  const loaded = demo ? demoMessage : fetched;

  useEffect(() => {
    if (demo) {
      if (today && id !== WELCOME_MESSAGE_ID) close();
      return;
    }
    const controller = new AbortController();
    loadSource(id, controller.signal)
      .then(setFetched)
      .catch((error) => {
        if (controller.signal.aborted) return;
        console.error("Failed to load message", error);
        setFailed(true);
      });
    return () => controller.abort();
  }, [id, demo, today, close]);

  return (
    <>
      {loaded ? (
        <Sheet label={loaded.view.subject || "Message"} onClose={close}>
          <MessageDetails view={loaded.view} note={loaded.note} timeZone={timeZone} />
        </Sheet>
      ) : null}
      <Prompt
        open={failed}
        icon={<AlertIcon size={40} />}
        title="Error"
        description="Failed to load message. Please try again later."
        confirmLabel="Close"
        onConfirm={close}
      />
    </>
  );
}
