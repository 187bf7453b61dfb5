/**
 * The page's optional features, one context and one hook each. A page (or a test) that does not offer a
 * feature gives its provider nothing; the parts of the page that exist only for that feature sit inside
 * `<Only feature={…}>`, which draws them only when the feature is there, so the components inside take
 * the handle as given and never check for it.
 */
import type { BackendPicker } from "@state/backend-pick";
import type { CompareHandle } from "@state/compare-backends";
import { type Context, createContext, type ReactNode, useContext } from "react";
import type { ReplayHandle } from "./Replay/replay-handle";
import type { ShareHandle } from "./Share/share-handle";
import type { ExercisesHandle, LearnerToolsHandle, ModelHandle } from "./session-context";

/** A feature's context: its handle, or null where the page does not offer it. */
export type Feature<T> = Context<T | null>;

/** Draws `children` when the page offers `feature`, `fallback` (nothing by default) when not. */
export function Only<T>({
  feature,
  children,
  fallback = null,
}: {
  feature: Feature<T>;
  children?: ReactNode;
  fallback?: ReactNode;
}): ReactNode {
  return useContext(feature) === null ? fallback : children;
}

/** The handle or null, for the few hooks that only add to what is drawn without the feature. */
export function useIfOffered<T>(feature: Feature<T>): T | null {
  return useContext(feature);
}

function useOffered<T>(feature: Feature<T>, hook: string): T {
  const value = useContext(feature);
  if (value === null)
    throw new Error(`[playground/ui] ${hook} outside <Only feature=…>: this page does not offer it.`);
  return value;
}

/** Model mode: the provider context that holds the key, and the Model tab's fields. */
export const ModelFeature = createContext<ModelHandle | null>(null);
/** Files in and out and share links. */
export const ShareFeature = createContext<ShareHandle | null>(null);
/** The learner's own tools (the tool editor). */
export const LearnerToolsFeature = createContext<LearnerToolsHandle | null>(null);
/** The lessons' code exercises. */
export const ExercisesFeature = createContext<ExercisesHandle | null>(null);
/** An imported events file shown in place of the live session. */
export const ReplayFeature = createContext<ReplayHandle | null>(null);
/** "Compare backends": a scenario run on two backends in fresh sessions of their own. */
export const CompareFeature = createContext<CompareHandle | null>(null);
/** The backend picker (memfs, or WebContainer booted on demand). */
export const BackendsFeature = createContext<BackendPicker | null>(null);

// Each handle, only inside its feature's <Only> (elsewhere the page may not offer it).
export const useModel = (): ModelHandle => useOffered(ModelFeature, "useModel");
export const useShare = (): ShareHandle => useOffered(ShareFeature, "useShare");
export const useLearnerTools = (): LearnerToolsHandle => useOffered(LearnerToolsFeature, "useLearnerTools");
export const useExercises = (): ExercisesHandle => useOffered(ExercisesFeature, "useExercises");
export const useReplay = (): ReplayHandle => useOffered(ReplayFeature, "useReplay");
export const useCompare = (): CompareHandle => useOffered(CompareFeature, "useCompare");
export const useBackends = (): BackendPicker => useOffered(BackendsFeature, "useBackends");
