/**
 * What a screen starts once it is awake (the events fetch, the live socket,
 * the weather, the saves) runs in a task of its own. Started together in the
 * effects of one commit, they made a single long task on a phone just after
 * hydration, when the parent may already tap (ADR 012 part 5).
 *
 * Use as an effect's body: `useEffect(() => inOwnTask(() => { …; return cleanup }), deps)`.
 * Cleaned up before its task ran, the work never starts.
 */
export function inOwnTask(work: () => void | (() => void)): () => void {
  let cleanup: void | (() => void);
  const task = setTimeout(() => {
    cleanup = work();
  }, 0);
  return () => {
    clearTimeout(task);
    cleanup?.();
  };
}

/**
 * As `inOwnTask`, once the next frame has been drawn: for what a sheet starts as it opens (its
 * calendar fetch, marking the event seen), which would otherwise run, and redraw the feed behind
 * it, before the parent sees the sheet (ADR 034).
 */
export function afterNextFrame(work: () => void | (() => void)): () => void {
  let stopTask: (() => void) | undefined;
  const frame = requestAnimationFrame(() => {
    stopTask = inOwnTask(work);
  });
  return () => {
    cancelAnimationFrame(frame);
    stopTask?.();
  };
}
