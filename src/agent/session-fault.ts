import type { SessionErrorAbout } from "./events";

/**
 * An error the session throws on purpose: its English sentence for the event log, and what it is about as
 * a code for the page, which words it in its own language. `session_error` carries both.
 */
export class SessionFault extends Error {
  constructor(
    readonly about: SessionErrorAbout,
    message: string,
  ) {
    super(message);
  }
}

/** What a thrown value is about: a SessionFault's code, or its message as an engine or a backend wrote it. */
export function aboutOf(error: unknown, message: string): SessionErrorAbout {
  return error instanceof SessionFault ? error.about : { code: "failed", error: message };
}
