/**
 * /join|add|edit/child/school/:childId: "Pick a school" (spec §2 "Onboarding
 * screens" 7, §4 "School", §5 "School search"). Choosing a school saves it at
 * once; Continue is available once one is chosen.
 */
import { useEffect, useState, type FormEvent } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import type { Route } from "./+types/school";
import { useHint } from "~/components/onboarding/use-hint";
import { useProfile } from "~/components/session/SignedIn";
import { Button } from "~/components/ui/Button";
import { CalendarIcon, CloseIcon, MapPinIcon } from "~/components/ui/icons";
import { useToast } from "~/components/ui/toast-context";
import { NotFoundScreen } from "~/components/ui/NotFoundScreen";
import { Screen } from "~/components/ui/Screen";
import { TextField } from "~/components/ui/TextField";
import { afterSchool, childFlow } from "~/lib/child";
import type { Child, Profile, School } from "~/lib/profile";
import {
  checkSchoolQuery,
  noSchoolsMessage,
  SCHOOL_SEARCH_DEBOUNCE_MS,
  SCHOOL_SEARCH_MIN,
  schoolPlace,
} from "~/lib/school";

export const meta: Route.MetaFunction = () => [{ title: "Pick a school · Cubby" }];

type Results = { q: string; schools: School[] } | null;

/** spec §9: the school-calendar toast shows 5 s, and the screen waits 5 s before moving on. */
const CALENDAR_TOAST_MS = 5000;

/** spec §7 `GET /api/checkcalendars`: how many events the schools' calendars added (0 on failure). */
async function checkCalendars(): Promise<number> {
  try {
    const response = await fetch("/api/checkcalendars", { credentials: "include" });
    if (!response.ok) throw new Error(`Calendar check answered ${response.status}`);
    const body = (await response.json()) as { success: boolean; totalEventsCreated: number };
    return body.totalEventsCreated;
  } catch (error) {
    console.error("Failed to check school calendars", error);
    return 0;
  }
}

/** spec §7: the parent's location and (for Canada only) country sharpen the search. */
function searchBody(q: string, profile: Profile | null) {
  const location = profile?.lastLocation;
  return {
    q,
    ...(location ? { location: `${location.lat},${location.lng}` } : {}),
    ...(profile?.country === "CAN" ? { country: "CAN" } : {}),
  };
}

function saveSchool(childId: string, schoolId: string | null) {
  return fetch(`/api/child/${childId}`, {
    method: "PUT",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ schoolId }),
  });
}

export default function PickSchool() {
  const { childId = "" } = useParams();
  const { state } = useProfile();
  const child = state.profile?.children.find((entry) => entry._id === childId);

  if (state.status === "ready" && !child) return <NotFoundScreen />;
  // The choice starts from the saved school once the profile has arrived.
  return <PickSchoolScreen key={child?._id ?? "loading"} childId={childId} child={child} profile={state.profile} />;
}

function PickSchoolScreen({ childId, child, profile }: { childId: string; child: Child | undefined; profile: Profile | null }) {
  const flow = childFlow(useLocation().pathname);
  const { refresh } = useProfile();
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<Results>(null);
  const [selected, setSelected] = useState<School | null>(child?.school ?? null);
  const [hint, showHint] = useHint();
  const [checking, setChecking] = useState(false);
  const showToast = useToast();
  // Results only stand for what is typed now: too short a query shows none.
  const results = found && found.q === query.trim() ? found : null;

  // Search after a 300 ms pause, and only with 2 or more characters.
  useEffect(() => {
    const q = query.trim();
    if (q.length < SCHOOL_SEARCH_MIN) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch("/api/schools/search", {
          method: "POST",
          credentials: "include",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(searchBody(q, profile)),
          signal: controller.signal,
        });
        if (!response.ok) throw new Error(`School search answered ${response.status}`);
        const body = (await response.json()) as { results: School[] };
        setFound({ q, schools: body.results });
      } catch (error) {
        if (!controller.signal.aborted) console.error("Failed to search schools", error);
      }
    }, SCHOOL_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, profile]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkSchoolQuery(query);
    if (!check.ok) showHint(check.message);
  }

  /** spec §4: Continue checks calendars, shows a toast if events were added, waits 5 s, then moves on. */
  async function next() {
    if (checking) return;
    setChecking(true);
    const added = await checkCalendars();
    if (added > 0) {
      showToast({
        icon: <CalendarIcon />,
        title: "Success",
        description: `Great! We found ${added} new events`,
        displayTime: CALENDAR_TOAST_MS,
      });
      await new Promise((resolve) => setTimeout(resolve, CALENDAR_TOAST_MS));
    }
    navigate(afterSchool(flow, childId));
  }

  async function choose(school: School | null) {
    const previous = selected;
    setSelected(school);
    try {
      const response = await saveSchool(childId, school?._id ?? null);
      if (!response.ok) throw new Error(`Saving the school answered ${response.status}`);
      void refresh();
    } catch (error) {
      // spec §8: a failed school save reverts silently.
      console.error("Failed to save school", error);
      setSelected(previous);
    }
  }

  return (
    <Screen
      back="history"
      title="Pick a school"
      lead={child ? `Where does ${child.firstName} go to school?` : "Find your child's school."}
      actions={
        <Button disabled={!selected || checking} onClick={() => void next()}>
          Continue
        </Button>
      }
    >
      {selected ? (
        <div className="mb-4 flex items-center gap-3 rounded-card bg-sage-soft py-2 pr-1 pl-4">
          <MapPinIcon size={20} className="shrink-0 text-sage" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-callout font-semibold text-ink">{selected.name}</p>
            <p className="truncate text-footnote text-ink-soft">{schoolPlace(selected)}</p>
          </div>
          <button
            type="button"
            aria-label={`Remove ${selected.name}`}
            onClick={() => void choose(null)}
            className="inline-flex size-touch items-center justify-center rounded-full text-ink-soft"
          >
            <CloseIcon size={18} />
          </button>
        </div>
      ) : null}

      <search>
        <form onSubmit={submit} noValidate>
          <TextField
            label="School name"
            hideLabel
            type="search"
            placeholder="Search for a school"
            autoComplete="off"
            enterKeyHint="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            invalid={Boolean(hint)}
            message={hint}
          />
        </form>
      </search>

      {results && results.schools.length === 0 ? (
        <p className="text-center text-callout text-ink-soft">{noSchoolsMessage(results.q)}</p>
      ) : null}
      {results && results.schools.length > 0 ? (
        <ul aria-label="Schools" className="flex flex-col divide-y divide-line overflow-hidden rounded-card bg-surface shadow-card">
          {results.schools.map((school) => (
            <li key={school._id}>
              <button
                type="button"
                aria-pressed={selected?._id === school._id}
                onClick={() => void choose(school)}
                className="flex min-h-touch w-full flex-col items-start px-4 py-3 text-left hover:bg-sunken aria-pressed:bg-sage-soft"
              >
                <span className="text-callout font-semibold text-ink">{school.name}</span>
                <span className="text-footnote text-ink-soft">{schoolPlace(school)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </Screen>
  );
}
