/**
 * `task`, run once a file's events have stopped for a moment. A save is often two writes (the file emptied, then
 * written), and Vite's watcher passes on the first event of a file alone when more follow within 50 ms: read at once,
 * the file could be empty, with no event left to read it again.
 */
export function afterSaving(task: () => void, quietMs = 100): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(task, quietMs);
  };
}
