import type { KeyboardEvent } from "react";

let handCalls = 0;
/** Unique across worker restarts, so lanes and transcript entries never collide. */
export const nextCallId = () => `hand_${Date.now().toString(36)}_${++handCalls}`;

/** Ctrl+Enter (⌘+Enter) anywhere in a composer form runs it, as in a chat box. */
export function submitOnCtrlEnter(e: KeyboardEvent<HTMLFormElement>) {
  if (e.key !== "Enter" || !(e.ctrlKey || e.metaKey)) return;
  e.preventDefault();
  e.currentTarget.requestSubmit();
}

/** The names of the arguments a call will send, so none is sent unseen. */
export function SentNames({ names }: { names: readonly string[] }) {
  return (
    <>
      {names.map((n, i) => (
        <span key={n}>
          {i > 0 ? ", " : ""}
          <code>{n}</code>
        </span>
      ))}
    </>
  );
}
