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
