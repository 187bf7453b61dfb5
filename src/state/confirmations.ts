import type { FileChanges } from "@agent/file-changes";
import { createStore, immediate, type Store } from "./store";

/** A question the page asks before it throws away the learner's work, in the words it shows. */
export interface WordedQuestion {
  title: string;
  text: string;
  /** the button that goes ahead, saying what it does ("Discard my edits and restart") */
  confirm: string;
  /** the button that leaves everything as it is */
  cancel: string;
  /** a third way, between the two (asked with `choose`): "Open as a new workspace" */
  alternative?: string;
  /** the files the answer "yes" adds, changes and removes, listed by name under the text */
  changes?: FileChanges;
  /** code the answer "yes" lets in (a link's learner tools), shown before it is accepted */
  code?: readonly { name: string; source: string }[];
}

/** Unsaved editor work about to be replaced: only what it is about; the dialog words it from the locales. */
export interface UnsavedQuestion {
  about: { kind: "unsaved"; action: "restart" | "pick" | "reset"; paths: readonly string[] };
}

export type Question = WordedQuestion | UnsavedQuestion;

/** The answer to a question with a third way: "alternative" is its `alternative` button. */
export type Choice = "confirm" | "alternative" | "cancel";

export interface Confirmations extends Store<Question | null> {
  /** shows `question` (a newer one answers an open one "no") and resolves with the learner's answer */
  ask(question: Question): Promise<boolean>;
  /** the same, for a question with an `alternative`: resolves with which of the three was chosen */
  choose(question: Question): Promise<Choice>;
  answer(yes: boolean | "alternative"): void;
}

/**
 * The page's yes/no questions as a store, so an in-page dialog can show them (a blocking window.confirm
 * would stop the session's events from being drawn, and automation and projectors handle it badly).
 */
export function createConfirmations(): Confirmations {
  const store = createStore<Question | null>(null, immediate);
  let pending: ((choice: Choice) => void) | null = null;
  const answer = (yes: boolean | "alternative") => {
    const resolve = pending;
    pending = null;
    store.set(null);
    resolve?.(yes === "alternative" ? "alternative" : yes ? "confirm" : "cancel");
  };
  const choose = (question: Question) => {
    answer(false);
    return new Promise<Choice>((resolve) => {
      pending = resolve;
      store.set(question);
    });
  };
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    // A plain question has no third button, so its answer is yes or no.
    ask: (question) => choose(question).then((choice) => choice === "confirm"),
    choose,
    answer,
  };
}
