import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { inOwnTask } from "./own-task";

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
