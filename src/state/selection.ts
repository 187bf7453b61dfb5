import { createStore, immediate, type Scheduler } from "./store";

/** What the learner has picked; panels highlight the same call, tool or file. */
export interface Selection {
  callId: string | null;
  tool: string | null;
  file: string | null;
}

export function createSelectionStore(schedule: Scheduler = immediate) {
  const store = createStore<Selection>({ callId: null, tool: null, file: null }, schedule);
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    /** selecting the selected call again clears it */
    toggleCall(callId: string) {
      store.update((s) => ({ ...s, callId: s.callId === callId ? null : callId }));
    },
    selectCall(callId: string | null) {
      store.update((s) => (s.callId === callId ? s : { ...s, callId }));
    },
    selectTool(tool: string | null) {
      store.update((s) => (s.tool === tool ? s : { ...s, tool }));
    },
    selectFile(file: string | null) {
      store.update((s) => (s.file === file ? s : { ...s, file }));
    },
  };
}

export type SelectionStore = ReturnType<typeof createSelectionStore>;
