import { createStore, immediate, type Store } from "./store";

/** A question the page asks before it throws away the learner's work. */
export interface Question {
  title: string;
  text: string;
  /** the button that goes ahead, saying what it does ("Discard my edits and restart") */
  confirm: string;
  /** the button that leaves everything as it is */
  cancel: string;
  /** what the question is about, so the page can word it in its own language (the texts above are English) */
  about?: { kind: "unsaved"; action: "restart" | "pick" | "reset"; paths: readonly string[] };
}

export interface Confirmations extends Store<Question | null> {
  /** shows `question` (a newer one answers an open one "no") and resolves with the learner's answer */
  ask(question: Question): Promise<boolean>;
  answer(yes: boolean): void;
}

/**
 * The page's yes/no questions as a store, so an in-page dialog can show them (a blocking window.confirm
 * would stop the session's events from being drawn, and automation and projectors handle it badly).
 */
export function createConfirmations(): Confirmations {
  const store = createStore<Question | null>(null, immediate);
  let pending: ((yes: boolean) => void) | null = null;
  const answer = (yes: boolean) => {
    const resolve = pending;
    pending = null;
    store.set(null);
    resolve?.(yes);
  };
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    ask(question) {
      answer(false);
      return new Promise<boolean>((resolve) => {
        pending = resolve;
        store.set(question);
      });
    },
    answer,
  };
}
