import { createStore, immediate, type Store } from "@state/store";
import { useStore } from "../hooks/useStore";
import { useSession } from "../session-context";
import type { ReplayProblem, ReplayShown } from "./replay-handle";

const NONE: Store<null> = createStore(null, immediate);

/** The events file the panels show in place of the live session, or null (also where there is no replay). */
export function useReplayShown(): ReplayShown | null {
  const view: Store<ReplayShown | null> = useSession().replay?.view ?? NONE;
  return useStore(view);
}

/** The last import that failed, or null. */
export function useReplayProblem(): ReplayProblem | null {
  const problem: Store<ReplayProblem | null> = useSession().replay?.problem ?? NONE;
  return useStore(problem);
}
