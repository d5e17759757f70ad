/**
 * /join|add|edit/child/school/:childId: "Pick a school" (spec §2 "Onboarding
 * screens" 7, §4 "School", §5 "School search"). Choosing a school saves it at
 * once; Continue is available once one is chosen. Before anything is typed the
 * screen offers schools teaching the child's grade near the parent (spec §7's
 * grade search). No dead ends (issue 15): "My school isn't listed" adds the
 * school as the parent names it, with its calendar link if they have one, and
 * "Continue without a school" moves on with none.
 */
import { useEffect, useState, type FormEvent } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import type { Route } from "./+types/school";
import { useHint } from "~/components/onboarding/use-hint";
import { useProfile } from "~/components/session/SignedIn";
import { Button } from "~/components/ui/Button";
import { calendarAddedToast } from "~/components/calendars/CalendarLinks";
import { OwnSchoolForm } from "~/components/child/OwnSchoolForm";
import { CalendarIcon, CloseIcon } from "~/components/ui/icons";
import { MapPinIcon } from "~/components/ui/screen-icons";
import { useToast } from "~/components/ui/toast-context";
import { NotFoundScreen } from "~/components/ui/NotFoundScreen";
import { Screen } from "~/components/ui/Screen";
import { TextField } from "~/components/ui/TextField";
import { afterSchool, childFlow, gradeLabel } from "~/lib/child";
import { currentPosition } from "~/lib/position";
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

type Place = { lat: number; lng: number } | null;

/** Enough nearby schools to find the one, few enough that "My school isn't listed" stays in reach. */
const NEARBY_SHOWN = 5;

/** spec §7: by name ({q}) or by grade ({grade}); the parent's location and (for Canada only) country sharpen either. */
function searchBody(by: { q: string } | { grade: string }, place: Place, profile: Profile | null) {
  return {
    ...by,
    ...(place ? { location: `${place.lat.toFixed(4)},${place.lng.toFixed(4)}` } : {}),
    ...(profile?.country === "CAN" ? { country: "CAN" } : {}),
  };
}

async function searchSchools(body: object, signal: AbortSignal): Promise<School[]> {
  const response = await fetch("/api/schools/search", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new Error(`School search answered ${response.status}`);
  return ((await response.json()) as { results: School[] }).results;
}

/** Tells the server where the parent is (it also sets the weather's place), so the next visit knows. */
function shareLocation(place: { lat: number; lng: number }) {
  void fetch("/api/location", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(place),
  }).catch((error: unknown) => console.error("Failed to share location", error));
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
  const [place, setPlace] = useState<Place>(profile?.lastLocation ?? null);
  const [locating, setLocating] = useState(false);
  const [nearby, setNearby] = useState<School[] | null>(null);
  const [ownForm, setOwnForm] = useState(false);
  const showToast = useToast();
  // Results only stand for what is typed now: too short a query shows none.
  const results = found && found.q === query.trim() ? found : null;
  const grade = child?.grade;

  // Search after a 300 ms pause, and only with 2 or more characters.
  useEffect(() => {
    const q = query.trim();
    if (q.length < SCHOOL_SEARCH_MIN) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        setFound({ q, schools: await searchSchools(searchBody({ q }, place, profile), controller.signal) });
      } catch (error) {
        if (!controller.signal.aborted) console.error("Failed to search schools", error);
      }
    }, SCHOOL_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, place, profile]);

  // Nothing typed yet: the schools teaching the child's grade, nearest first once Cubby knows where the parent is.
  useEffect(() => {
    if (!grade || !place) return;
    const controller = new AbortController();
    searchSchools(searchBody({ grade }, place, profile), controller.signal)
      .then(setNearby)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error("Failed to find schools nearby", error);
      });
    return () => controller.abort();
  }, [grade, place, profile]);

  async function locate() {
    setLocating(true);
    const position = await currentPosition();
    setLocating(false);
    if (!position) {
      showHint("Cubby could not tell where you are. Search by name instead.");
      return;
    }
    const here = { lat: position.coords.latitude, lng: position.coords.longitude };
    setPlace(here);
    shareLocation(here);
  }

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

  function ownSchoolAdded(school: School, eventsCreated: number, withCalendar: boolean) {
    setOwnForm(false);
    setQuery("");
    void choose(school);
    if (withCalendar) showToast(calendarAddedToast(eventsCreated));
  }

  const typing = query.trim().length >= SCHOOL_SEARCH_MIN;

  return (
    <Screen
      back="history"
      title="Pick a school"
      lead={child ? `Where does ${child.firstName} go to school?` : "Find your child's school."}
      actions={
        <div className="flex flex-col gap-1">
          <Button disabled={!selected || checking} onClick={() => void next()}>
            Continue
          </Button>
          {selected ? null : (
            <Button look="quiet" disabled={checking} onClick={() => void next()}>
              Continue without a school
            </Button>
          )}
        </div>
      }
    >
      {selected ? (
        <div className="mb-4 flex items-center gap-3 rounded-card bg-sage-soft py-2 pr-1 pl-4">
          <MapPinIcon size={20} className="shrink-0 text-sage" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-callout font-semibold text-ink">{selected.name}</p>
            {schoolPlace(selected) ? <p className="truncate text-footnote text-ink-soft">{schoolPlace(selected)}</p> : null}
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
        <p className="mb-4 text-center text-callout text-ink-soft">{noSchoolsMessage(results.q)}</p>
      ) : null}
      {typing && results && results.schools.length > 0 ? (
        <SchoolList label="Schools" schools={results.schools} selected={selected} onChoose={(school) => void choose(school)} />
      ) : null}

      {!typing && !ownForm ? (
        nearby && nearby.length > 0 ? (
          <section aria-label="Schools near you" className="flex flex-col gap-2">
            <h2 className="px-1 text-footnote font-semibold tracking-wide text-ink-faint uppercase">
              {grade ? `${gradeLabel(grade)} near you` : "Near you"}
            </h2>
            <SchoolList
              label="Schools near you"
              schools={nearby.slice(0, NEARBY_SHOWN)}
              selected={selected}
              onChoose={(school) => void choose(school)}
            />
          </section>
        ) : !place && grade ? (
          <Button look="secondary" disabled={locating} onClick={() => void locate()}>
            <MapPinIcon size={20} />
            {locating ? "Finding you…" : "Find schools near me"}
          </Button>
        ) : null
      ) : null}

      <div className="mt-4">
        {ownForm ? (
          <OwnSchoolForm
            initialName={query.trim()}
            onAdded={ownSchoolAdded}
            onCancel={() => setOwnForm(false)}
          />
        ) : (
          <Button look="quiet" onClick={() => setOwnForm(true)}>
            My school isn't listed
          </Button>
        )}
      </div>
    </Screen>
  );
}

function SchoolList({
  label,
  schools,
  selected,
  onChoose,
}: {
  label: string;
  schools: School[];
  selected: School | null;
  onChoose: (school: School) => void;
}) {
  return (
    <ul aria-label={label} className="flex flex-col divide-y divide-line overflow-hidden rounded-card bg-surface shadow-card">
      {schools.map((school) => (
        <li key={school._id}>
          <button
            type="button"
            aria-pressed={selected?._id === school._id}
            onClick={() => onChoose(school)}
            className="flex min-h-touch w-full flex-col items-start px-4 py-3 text-left hover:bg-sunken aria-pressed:bg-sage-soft"
          >
            <span className="text-callout font-semibold text-ink">{school.name}</span>
            {schoolPlace(school) ? <span className="text-footnote text-ink-soft">{schoolPlace(school)}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
