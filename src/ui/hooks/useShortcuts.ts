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
  if (target instanceof HTMLInputElement) return !/^(checkbox|radio|button|submit|reset)$/.test(target.type);
  return target.isContentEditable || /^(TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * One keydown listener for the page; single-letter shortcuts stay out of the way while typing (a checkbox
 * takes no text, so the `1`–`7` keys still work from the Panels menu).
 */
export function useShortcuts(shortcuts: readonly Shortcut[]) {
  const current = useRef(shortcuts);
  current.current = shortcuts;
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      // Esc first closes an open popover (the Panels menu): the browser does it, unless the key is cancelled.
      if (e.key === "Escape" && document.querySelector(":popover-open")) return;
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
