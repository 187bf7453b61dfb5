import { type RefObject, useCallback, useLayoutEffect, useRef } from "react";

/** what the reader does inside a scroller that makes the next scroll theirs */
const INPUTS = ["wheel", "touchstart", "pointerdown", "keydown", "focusin"] as const;

export interface FollowToEnd {
  /** true while the scroller keeps to the end of its content; the component decides when the reader left */
  following: RefObject<boolean>;
  /** when the reader last used the wheel, touch, a pointer, keys or focus inside the scroller (performance.now()) */
  lastInput: RefObject<number>;
  /** follows again and scrolls to the end now */
  toEnd: () => void;
}

const toBottom = (el: HTMLElement) => el.scrollHeight;

/**
 * Keeps `scroller` at the end of `content` while `following` is true. The scrolling is done where layout is
 * already clean: a ResizeObserver sees the content (or the scroller) change size after the browser laid it
 * out, and scrolls there. Doing it in an effect after each commit forced a layout of the page every frame.
 */
export function useFollowToEnd(
  scroller: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
  /** where "the end" is (a scrollTop); the bottom when not given */
  endOf: (el: HTMLElement) => number = toBottom,
): FollowToEnd {
  const following = useRef(true);
  const lastInput = useRef(0);
  useLayoutEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner) return;
    const markInput = () => {
      lastInput.current = performance.now();
    };
    const observer = new ResizeObserver(() => {
      if (following.current) el.scrollTop = endOf(el);
    });
    observer.observe(inner);
    observer.observe(el);
    for (const type of INPUTS) el.addEventListener(type, markInput, { passive: true });
    return () => {
      observer.disconnect();
      for (const type of INPUTS) el.removeEventListener(type, markInput);
    };
  }, [scroller, content, endOf]);
  const toEnd = useCallback(() => {
    following.current = true;
    const el = scroller.current;
    if (el) el.scrollTop = endOf(el);
  }, [scroller, endOf]);
  return { following, lastInput, toEnd };
}
