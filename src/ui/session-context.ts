import type { SessionCommand } from "@agent/protocol";
import type { EventLog } from "@state/event-log";
import { createContext, useContext } from "react";

/** What the page's components get from the composition root: stores to read and a way to send commands. */
export interface SessionHandle {
  events: EventLog;
  send(command: SessionCommand): void;
}

// Context carries the session instance only, never a changing value (house habit 7).
export const SessionContext = createContext<SessionHandle | null>(null);

export function useSession(): SessionHandle {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession needs a <SessionContext.Provider> from src/app/main.tsx.");
  return session;
}
