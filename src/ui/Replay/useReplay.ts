import { createStore, immediate, type Store } from "@state/store";
import { ReplayFeature, useIfOffered } from "../features";
import { useStore } from "../hooks/useStore";
import type { ReplayLoading, ReplayProblem, ReplayShown } from "./replay-handle";

const NONE: Store<null> = createStore(null, immediate);

// Every panel asks whether a file is shown, with or without the feature: without it, never.

/** The events file the panels show in place of the live session, or null (also where there is no replay). */
export function useReplayShown(): ReplayShown | null {
  const view: Store<ReplayShown | null> = useIfOffered(ReplayFeature)?.view ?? NONE;
  return useStore(view);
}

/** The last import that failed, or null. */
export function useReplayProblem(): ReplayProblem | null {
  const problem: Store<ReplayProblem | null> = useIfOffered(ReplayFeature)?.problem ?? NONE;
  return useStore(problem);
}

const NO_LOADING: Store<ReplayLoading | null> = createStore(null, immediate);

/** A pi session file being read or drawn, or null. */
export function useReplayLoading(): ReplayLoading | null {
  const loading: Store<ReplayLoading | null> = useIfOffered(ReplayFeature)?.loading ?? NO_LOADING;
  return useStore(loading);
}
