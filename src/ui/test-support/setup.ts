/**
 * The component tests' DOM (jsdom) lacks what the panels measure with; these stand-ins do nothing, as a
 * browser with no layout would. Each test's tree is unmounted after it.
 */
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { LAZY_NAMESPACES, loadNamespaces } from "../i18n";

// The page loads some English with the dialog that uses it; a component test renders those dialogs directly.
await loadNamespaces(LAZY_NAMESPACES);

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;
// CodeMirror measures text through ranges, which jsdom does not lay out.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= noRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

afterEach(() => cleanup());
