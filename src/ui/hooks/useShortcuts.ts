import { useEffect, useRef } from "react";

export interface Shortcut {
  /** KeyboardEvent.key, e.g. "?", "t", "Escape" */
  key: string;
  /** what the `?` list says */
  label: string;
  /** fires even while typing in a field (only Escape should) */
  global?: boolean;
  run: () => void;
}

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/** One keydown listener for the page; single-letter shortcuts stay out of the way while typing. */
export function useShortcuts(shortcuts: readonly Shortcut[]) {
  const current = useRef(shortcuts);
  current.current = shortcuts;
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      const hit = current.current.find((s) => s.key === e.key);
      if (!hit) return;
      if (!hit.global && typingIn(e.target)) return;
      e.preventDefault();
      hit.run();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
