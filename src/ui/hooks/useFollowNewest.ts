import { type RefObject, useEffect, useLayoutEffect, useRef } from "react";
import { distanceFromEnd } from "../windowing";
import { useFollowToEnd } from "./useFollowToEnd";

/** px from the bottom that still counts as "at the end" */
const NEAR_END_PX = 48;
/** a scroll this soon after the reader's own input (wheel, keys…) is theirs */
const READER_SCROLL_MS = 1000;

/**
 * Keeps the panel that scrolls `content` (its nearest `.panel__body`) at the end while the reader is there,
 * as the transcript does: a scroll of the reader's own away from the end stops it, one back to the end
 * starts it again, and `restart` changing (the page started over) starts it again too.
 */
export function useFollowNewest(content: RefObject<HTMLElement | null>, restart: unknown): void {
  const scroller = useRef<HTMLElement | null>(null);
  // Declared before useFollowToEnd, so this layout effect has found the scroller when that one runs.
  useLayoutEffect(() => {
    scroller.current = content.current?.closest<HTMLElement>(".panel__body") ?? null;
  }, [content]);
  const { following, lastInput, toEnd } = useFollowToEnd(scroller, content);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => {
      if (distanceFromEnd(el) < NEAR_END_PX) following.current = true;
      else if (performance.now() - lastInput.current < READER_SCROLL_MS) following.current = false;
      else if (following.current) el.scrollTop = el.scrollHeight; // the page moved it: back to the end
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => el.removeEventListener("scroll", onScroll);
  }, [following, lastInput]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `restart` is the signal to follow again
  useEffect(() => toEnd(), [restart, toEnd]);
}
