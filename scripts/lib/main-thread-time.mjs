/**
 * How much of the page's long main-thread tasks the main thread actually ran,
 * from a Lighthouse trace (ADR 012 part 6).
 *
 * Lighthouse models a phone by taking each task's wall-clock length in the
 * trace four times over. On a small shared machine a task's wall-clock length
 * also holds the time its thread waited for a core or a lock, and the trace
 * says so: every task carries its thread time (`tdur`) beside its length
 * (`dur`). Printed beside each run, the two tell a slow page from a busy machine.
 * Beside them, the frames the page drew after its first paint, which keep that
 * machine busy (part 7).
 */

/** @typedef {{ traceEvents: Array<{ name: string, ph?: string, pid: number, tid: number, ts: number, dur?: number, tdur?: number, args?: any }> }} Trace */

/** A task that Lighthouse's four-times model makes longer than 50 ms. */
const LONG_TASK_US = 12_500;

/**
 * @param {Trace} trace
 * @returns {{ tasks: number, wallMs: number, ranMs: number } | null} null when the trace has no first contentful paint
 */
export function longTasksAfterFirstPaint({ traceEvents }) {
  const paint = traceEvents.find((event) => event.name === "firstContentfulPaint");
  const main = paint && traceEvents.find((event) => event.name === "thread_name" && event.pid === paint.pid && event.args?.name === "CrRendererMain");
  if (!paint || !main) return null;
  const long = traceEvents.filter(
    (event) =>
      event.name === "RunTask" && event.ph === "X" && event.pid === main.pid && event.tid === main.tid && event.ts > paint.ts && (event.dur ?? 0) >= LONG_TASK_US,
  );
  const sum = (/** @type {(event: typeof long[number]) => number} */ length) => Math.round(long.reduce((total, event) => total + length(event), 0) / 1000);
  return { tasks: long.length, wallMs: sum((event) => event.dur ?? 0), ranMs: sum((event) => event.tdur ?? event.dur ?? 0) };
}

/**
 * Frames drawn after the first contentful paint, and how many of them look
 * different (ADR 012 part 7). Lighthouse's trace holds a screenshot of every
 * frame the browser draws; on a machine without a GPU each one is composited
 * and encoded by the processor the page's main thread needs. Frames that all
 * look alike are redraws; many different ones are something moving (an
 * animation, or the overlay scrollbar that Chrome's phone emulation shows and
 * fades out once a scrollable page is on screen).
 * @param {Trace} trace
 * @returns {{ frames: number, different: number } | null} null when the trace has no first contentful paint
 */
export function framesAfterFirstPaint({ traceEvents }) {
  const paint = traceEvents.find((event) => event.name === "firstContentfulPaint");
  if (!paint) return null;
  const shots = traceEvents.filter((event) => event.name === "Screenshot" && event.ts > paint.ts).map((event) => String(event.args?.snapshot ?? ""));
  return { frames: shots.length, different: new Set(shots).size };
}
