/** An error as it crosses from a worker thread: its message and every field the build reports (title, hint, line, location). */
export interface ThreadError {
  message: string;
  props: Record<string, unknown>;
}

/** In the thread: the error as plain data. */
export function threadError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { message: String(error), props: {} };
  const props: Record<string, unknown> = { name: error.name, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    try {
      props[key] = structuredClone(value);
    } catch {
      // A field that cannot cross threads (a function, a stream) is left out.
    }
  }
  return { message: error.message, props };
}

/** Back in the build's thread: the error again, as if thrown there. */
export const fromThread = ({ message, props }: ThreadError): Error => Object.assign(new Error(message), props);
