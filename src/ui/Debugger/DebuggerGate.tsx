import { lazy, Suspense } from "react";
import { useStore } from "../hooks/useStore";
import { useSession } from "../session-context";

// The strip's code loads with the first breakpoint: most sessions never set one.
const Body = lazy(() => import("./DebuggerStrip").then((m) => ({ default: m.DebuggerStripBody })));

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
