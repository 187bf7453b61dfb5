import { lazy, Suspense } from "react";
import { useStore } from "../hooks/useStore";
import { loadNamespaces } from "../i18n";
import { useSession } from "../session-context";

// The strip's code and its English load with the first breakpoint: most sessions never set one.
const Body = lazy(() =>
  Promise.all([import("./DebuggerStrip"), loadNamespaces(["debuggerStrip"])]).then(([m]) => ({
    default: m.DebuggerStripBody,
  })),
);

/** The debugger strip (DebuggerStrip.tsx) once there is a breakpoint or a paused call; nothing before. */
export function DebuggerStrip() {
  const { stores } = useSession();
  const shown = useStore(stores.debug, (d) => d.breakpoints.length > 0 || d.paused.length > 0);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Body />
    </Suspense>
  );
}
