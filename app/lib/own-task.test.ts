import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterNextFrame, inOwnTask } from "./own-task";

describe("inOwnTask", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs the work in a later task, not in the caller's", () => {
    const work = vi.fn<() => void>();
    inOwnTask(work);
    expect(work).not.toHaveBeenCalled();
    vi.runOnlyPendingTimers();
    expect(work).toHaveBeenCalledOnce();
  });

  it("never starts work cleaned up before its task", () => {
    const work = vi.fn<() => void>();
    inOwnTask(work)();
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
  });

  it("hands the cleanup on to the work's own once it ran", () => {
    const stop = vi.fn<() => void>();
    const cleanup = inOwnTask(() => stop);
    vi.runOnlyPendingTimers();
    expect(stop).not.toHaveBeenCalled();
    cleanup();
    expect(stop).toHaveBeenCalledOnce();
  });

  it("gives each piece of work a task of its own: the first one's microtasks run before the second starts", async () => {
    vi.useRealTimers();
    let firstFinished = false;
    const seenBySecond: boolean[] = [];
    inOwnTask(() => queueMicrotask(() => (firstFinished = true)));
    inOwnTask(() => void seenBySecond.push(firstFinished));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(seenBySecond).toEqual([true]);
  });
});

describe("afterNextFrame", () => {
  const FRAME_MS = 16;
  // Node draws no frames: a frame here is a timer at the next 16 ms, as the browser's would come.
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("requestAnimationFrame", (draw: FrameRequestCallback) => setTimeout(() => draw(Date.now()), FRAME_MS));
    vi.stubGlobal("cancelAnimationFrame", (frame: ReturnType<typeof setTimeout>) => clearTimeout(frame));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("runs the work in a task of its own once the next frame has been drawn", () => {
    const work = vi.fn<() => void>();
    afterNextFrame(work);
    vi.advanceTimersByTime(0);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(FRAME_MS);
    expect(work).not.toHaveBeenCalled();
    vi.runOnlyPendingTimers();
    expect(work).toHaveBeenCalledOnce();
  });

  it("never starts work cleaned up before the frame, or between the frame and its task", () => {
    const beforeFrame = vi.fn<() => void>();
    afterNextFrame(beforeFrame)();
    const beforeTask = vi.fn<() => void>();
    const stop = afterNextFrame(beforeTask);
    vi.advanceTimersByTime(FRAME_MS);
    stop();
    vi.runAllTimers();
    expect(beforeFrame).not.toHaveBeenCalled();
    expect(beforeTask).not.toHaveBeenCalled();
  });

  it("hands the cleanup on to the work's own once it ran", () => {
    const abort = vi.fn<() => void>();
    const cleanup = afterNextFrame(() => abort);
    vi.advanceTimersByTime(FRAME_MS);
    vi.runOnlyPendingTimers();
    cleanup();
    expect(abort).toHaveBeenCalledOnce();
  });
});
