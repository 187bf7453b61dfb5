import { useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { type RefObject, useEffect, useLayoutEffect, useState } from "react";

/**
 * A long list that draws only the rows near the view (TanStack Virtual), for lists that grow with a
 * session: the scenario's steps, the context window's messages, a batch's lanes. Each row is
 * measured once drawn, so a projector's larger type or a row that opens keeps its true height.
 *
 * `scroller` is the element that scrolls. When the list shares it with what sits above (a panel's summary
 * above its table), `start` says where the rows begin: after an element (`{ after }`) or at the top of
 * the list's own element (`{ top }`), and the list keeps track of where that is inside the scroller.
 */
export function useVirtualList(options: {
  count: number;
  scroller: () => HTMLElement | null;
  rowPx: number;
  overscan: number;
  start?: RowsBegin;
}): Virtualizer<HTMLElement, Element> {
  const offset = useOffsetIn(options.scroller, options.start);
  return useVirtualizer({
    count: options.count,
    getScrollElement: options.scroller,
    estimateSize: () => options.rowPx,
    overscan: options.overscan,
    scrollMargin: offset,
    // Heights come from the ResizeObserver, fractional (a row of 1.5em is 17.2 px, and whole pixels
    // drift a row off in 80 rows). A row just drawn keeps the size the list has for it until its first
    // report: measuring it there and then forced a layout of the page for each row a fast session drew.
    measureElement: (element, entry, list) =>
      entry?.borderBoxSize?.[0]?.blockSize ??
      list.measurementsCache[list.indexFromElement(element)]?.size ??
      options.rowPx,
  });
}

/** Where the rows begin: just below one element, or at the top of another (the list itself). */
export type RowsBegin = { after: RefObject<HTMLElement | null> } | { top: RefObject<HTMLElement | null> };

/**
 * Where the rows begin inside the scroller (see `RowsBegin`). It moves only when something above the
 * rows changes size, which a ResizeObserver on the scroller's content reports once laid out, so reading
 * the boxes then forces no layout.
 */
function useOffsetIn(scroller: () => HTMLElement | null, start?: RowsBegin): number {
  const [offset, setOffset] = useState(0);
  const ref = start && ("after" in start ? start.after : start.top);
  const edge = start && "after" in start ? "bottom" : "top";
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured once the list is in the page
  useLayoutEffect(() => {
    const el = scroller();
    const mark = ref?.current;
    if (!el || !mark || el === mark) return;
    const measure = () => {
      const at = mark.getBoundingClientRect()[edge] - el.getBoundingClientRect().top + el.scrollTop;
      setOffset((before) => (Math.abs(before - at) > 1 ? at : before));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(mark);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [ref, edge]);
  return offset;
}

/**
 * Scrolls the list's scroller, and only it, so that row `index` is in view, once per frame at most.
 * It reads no layout: where the row is comes from the list's own measurements and how far the scroller
 * has scrolled from its scroll events. (Asking the DOM, as scrollIntoView does, forced a layout of the
 * page on every step of a fast scenario.)
 */
export function useKeepInView(rows: Virtualizer<HTMLElement, Element>, index: number, again?: unknown) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `again` asks for the scroll once more (the list opened)
  useEffect(() => {
    if (index < 0) return;
    const frame = requestAnimationFrame(() => {
      const el = rows.scrollElement;
      const item = rows.measurementsCache[index];
      if (!el || !item) return;
      const top = rows.scrollOffset ?? el.scrollTop;
      const height = rows.scrollRect?.height ?? 0;
      if (item.start < top) el.scrollTop = item.start;
      else if (item.end > top + height) el.scrollTop = item.end - height;
    });
    return () => cancelAnimationFrame(frame);
  }, [rows, index, again]);
}

/**
 * The heights that stand in for the rows not drawn, above the first drawn row and below the last: drawn
 * as empty rows inside the list (padding on a scroller with a max-height would add to its height). With
 * none drawn yet (a list whose scroller is as high as its content, before it has been measured) the
 * space below is the whole list's height, so the scroller gets a height and the first rows are drawn.
 */
export function spacers(rows: Virtualizer<HTMLElement, Element>) {
  const items = rows.getVirtualItems();
  const margin = rows.options.scrollMargin;
  if (items.length === 0) return { items, before: 0, after: rows.getTotalSize() };
  return {
    items,
    before: items[0].start - margin,
    after: rows.getTotalSize() - (items[items.length - 1].end - margin),
  };
}
