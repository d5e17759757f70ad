/**
 * /focus/message/:id and /tutorial/message/:id: the message (or web page) an
 * event was found in (spec §2 "Message card"). A failed load says so with
 * spec §8's prompt and closes the card. 'Rescan Message' asks the server to
 * read it again and refetches the events (never in demo mode).
 */
import { useCallback, useEffect, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import type { Route } from "./+types/message";
import { MessageCard, type SourceView, type StripEvent } from "~/components/message/MessageCard";
import { useFeed } from "~/components/feed/feed-context";
import { OVER_THE_FEED } from "~/components/feed/open-in-feed";
import { isOffline, offlineToast } from "~/components/offline/connection";
import { useToast } from "~/components/ui/toast-context";
import { DragSheet } from "~/components/ui/DragSheet";
import { AlertIcon } from "~/components/ui/icons";
import { MoreVerticalIcon } from "~/components/ui/screen-icons";
import { Prompt } from "~/components/ui/Prompt";
import { WELCOME_MESSAGE_ID } from "~/lib/demo";
import { welcomeView } from "~/components/message/welcome-view";
import type { FeedEvent } from "~/lib/event";
import { localDate } from "~/lib/time-zone";
import { useAppAddress } from "~/components/ui/use-app-address";
import { useProfile } from "~/components/session/SignedIn";
import { isAppAddress } from "~/lib/app-address";

export const meta: Route.MetaFunction = () => [{ title: "Message · Cubby" }];

interface MessageAnswer {
  senderInfo: { sender: string | null; address: string | null };
  subject: string | null;
  creationDate: string;
  text: string | null;
  /** Sanitised in the Worker (ADR 028), remote images left out unless asked for. */
  html: string | null;
  hiddenImages: number;
  events: FeedEvent[];
}

interface UrlAnswer {
  creatorInfo: { sender: string; address: string };
  urlTitle: string | null;
  urlPath: string;
  parseDate: string;
  text: string | null;
  html: string | null;
  events: FeedEvent[];
}

function strip(events: FeedEvent[], sourceId: string, timeZone: string): StripEvent[] {
  return events.map((event) => ({
    _id: event._id,
    eventName: event.eventName,
    day: event.dateTime ? localDate(event.start, timeZone) : event.start.slice(0, 10),
    fromPdf: event.mentions.some((m) => m.sourceContentId === sourceId && m.sourceType.includes("pdf")),
  }));
}

async function loadSource(
  id: string,
  { timeZone, today, appAddress, myAddress }: { timeZone: string; today: string; appAddress: string | null; myAddress: string | null },
  signal: AbortSignal,
): Promise<SourceView> {
  const path = encodeURIComponent(id);
  const message = await fetch(`/api/messages/${path}`, { credentials: "include", signal });
  if (message.ok) {
    const body = (await message.json()) as MessageAnswer;
    return {
      kind: "email",
      sender: body.senderInfo.sender || body.senderInfo.address || "",
      fromCubby: isAppAddress(body.senderInfo.address, appAddress),
      subject: body.subject ?? "",
      date: body.creationDate,
      html: body.html,
      hiddenImages: body.hiddenImages,
      withImages: async () => {
        const shown = await fetch(`/api/messages/${path}?images=show`, { credentials: "include" });
        if (!shown.ok) throw new Error(`Message with images answered ${shown.status}`);
        return ((await shown.json()) as MessageAnswer).html ?? "";
      },
      text: body.text,
      events: strip(body.events, id, timeZone),
    };
  }
  // Not an e-mail: events can also come from a web page or PDF.
  const page = await fetch(`/api/urls/${path}`, { credentials: "include", signal });
  if (!page.ok) throw new Error(`Source ${id} answered ${message.status} and ${page.status}`);
  const body = (await page.json()) as UrlAnswer;
  const events = strip(body.events, id, timeZone);
  return {
    kind: "url",
    sender: body.creatorInfo.sender || body.creatorInfo.address,
    subject: body.urlTitle || body.urlPath,
    date: body.parseDate,
    html: null,
    text: body.text,
    events,
    // spec §6: "(You)" when the signed-in parent added it; in a family, the partner sees the adder's name.
    url: {
      path: body.urlPath,
      addedByYou: myAddress !== null && body.creatorInfo.address.toLowerCase() === myAddress.toLowerCase(),
      futureCount: events.filter((event) => event.day >= today).length,
    },
  };
}

export default function MessageRoute() {
  const { id = "" } = useParams();
  // Opened from an event's source line: the line to mark in the message (issue 30).
  const [search] = useSearchParams();
  const markLine = search.get("line");
  const navigate = useNavigate();
  const toast = useToast();
  const { timeZone, feedPath, demo, today, refetch } = useFeed();
  const appAddress = useAppAddress();
  const myAddress = useProfile().state.profile?.email ?? null;
  const [fetched, setFetched] = useState<SourceView | null>(null);
  const [failed, setFailed] = useState(false);
  const [menu, setMenu] = useState(false);
  const close = useCallback(() => navigate(feedPath, OVER_THE_FEED), [navigate, feedPath]);
  // Demo mode makes no server calls: only the welcome message exists.
  const view = demo ? (today && id === WELCOME_MESSAGE_ID ? welcomeView(today) : null) : fetched;

  useEffect(() => {
    if (demo) {
      if (today && id !== WELCOME_MESSAGE_ID) close();
      return;
    }
    const controller = new AbortController();
    loadSource(id, { timeZone, today, appAddress, myAddress }, controller.signal)
      .then(setFetched)
      .catch((error) => {
        if (controller.signal.aborted) return;
        console.error("Failed to load message", error);
        setFailed(true);
      });
    return () => controller.abort();
  }, [id, demo, today, timeZone, appAddress, myAddress, close]);

  function rescan() {
    setMenu(false);
    if (isOffline()) return toast(offlineToast("Rescanning a message"));
    fetch(`/api/messages/${encodeURIComponent(id)}/reset`, { method: "POST", credentials: "include" })
      .then((response) => {
        if (!response.ok) throw new Error(`Rescan answered ${response.status}`);
        refetch?.();
      })
      .catch((error) => console.error("Failed to rescan message", error));
  }

  const header =
    !demo && view?.kind === "email" ? (
      <div className="absolute top-1.5 right-13 z-10">
        <button type="button" aria-label="Message options" aria-expanded={menu} onClick={() => setMenu((open) => !open)} className="inline-flex size-touch items-center justify-center rounded-full text-ink-soft">
          <MoreVerticalIcon size={20} />
        </button>
        {menu ? (
          <div className="absolute top-full right-0 w-56 rounded-field border border-line bg-surface p-1.5 shadow-float">
            <button type="button" onClick={rescan} className="flex min-h-touch w-full items-center rounded-field px-3 text-left text-callout font-semibold text-ink active:bg-sunken">
              Rescan Message
            </button>
          </div>
        ) : null}
      </div>
    ) : null;

  return (
    <>
      {view ? (
        <DragSheet label={view.subject || "Message"} kind="card" onClose={close} header={header}>
          <MessageCard
            view={view}
            timeZone={timeZone}
            markLine={markLine}
            eventLink={demo ? undefined : (eventId) => `${feedPath}/event/${encodeURIComponent(eventId)}`}
          />
        </DragSheet>
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
