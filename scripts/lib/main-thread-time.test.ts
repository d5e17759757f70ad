import { describe, expect, it } from "vitest";
import { framesAfterFirstPaint, longTasksAfterFirstPaint } from "./main-thread-time.mjs";

const PAGE = 7;
const MAIN = 1;
const task = (ts: number, dur: number, tdur: number, tid = MAIN) => ({ name: "RunTask", ph: "X", pid: PAGE, tid, ts, dur, tdur });
const meta = [
  { name: "thread_name", ph: "M", pid: PAGE, tid: MAIN, ts: 0, args: { name: "CrRendererMain" } },
  { name: "thread_name", ph: "M", pid: PAGE, tid: 2, ts: 0, args: { name: "Compositor" } },
];

describe("longTasksAfterFirstPaint", () => {
  it("adds up the long main-thread tasks after the first paint, by length and by the time the thread ran", () => {
    const traceEvents = [
      ...meta,
      task(1_000, 40_000, 40_000), // before the paint
      { name: "firstContentfulPaint", ph: "R", pid: PAGE, tid: MAIN, ts: 50_000 },
      task(60_000, 30_000, 8_000), // waited most of its length
      task(100_000, 12_500, 12_000),
      task(120_000, 12_000, 12_000), // short of 12.5 ms
      task(140_000, 50_000, 50_000, 2), // another thread
    ];
    expect(longTasksAfterFirstPaint({ traceEvents })).toEqual({ tasks: 2, wallMs: 43, ranMs: 20 });
  });

  it("has nothing to say about a trace without a first paint", () => {
    expect(longTasksAfterFirstPaint({ traceEvents: [...meta, task(60_000, 30_000, 8_000)] })).toBeNull();
  });
});

describe("framesAfterFirstPaint", () => {
  const frame = (ts: number, snapshot: string) => ({ name: "Screenshot", ph: "O", pid: 3, tid: 4, ts, args: { snapshot } });

  it("counts the frames drawn after the first paint, and how many of them look different", () => {
    const traceEvents = [
      frame(10_000, "blank"), // before the paint
      { name: "firstContentfulPaint", ph: "R", pid: PAGE, tid: MAIN, ts: 50_000 },
      frame(60_000, "feed"),
      frame(90_000, "feed, scrollbar shown"),
      frame(120_000, "feed, scrollbar fading"),
      frame(150_000, "feed"),
    ];
    expect(framesAfterFirstPaint({ traceEvents })).toEqual({ frames: 4, different: 3 });
  });

  it("has nothing to say about a trace without a first paint", () => {
    expect(framesAfterFirstPaint({ traceEvents: [frame(60_000, "feed")] })).toBeNull();
  });
});
