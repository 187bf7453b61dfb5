import { Component, type ReactNode, useEffect, useMemo } from "react";
import { SessionContext, useSession } from "../session-context";
import type { ReplayHandle } from "./replay-handle";
import { useReplayShown } from "./useReplay";
import "./Replay.css";

const ignore = () => {};

/**
 * While an imported events file is shown, every panel reads the file's stores instead of the live
 * session's, and nothing reaches the session: commands are dropped (the controls that send them are out
 * of sight, the bar says why). The context's value changes only at the switch, so the page re-renders
 * once there, not at each event. The live session goes on meanwhile, unseen and untouched.
 */
export function ReplaySession({ children }: { children: ReactNode }) {
  const session = useSession();
  const shown = useReplayShown();
  const value = useMemo(
    () => (shown ? { ...session, stores: shown.stores, send: ignore, abort: ignore } : session),
    [session, shown],
  );
  useEffect(() => {
    // The composer's tabs hide with this (Replay.css): they drive the live session.
    if (shown) document.documentElement.dataset.replay = "true";
    else delete document.documentElement.dataset.replay;
  }, [shown]);
  return (
    <SessionContext.Provider value={value}>
      <DrawGuard replay={session.replay} replaying={shown !== null}>
        {children}
      </DrawGuard>
    </SessionContext.Provider>
  );
}

/**
 * Someone else's file may hold events of a known type whose fields the panels cannot draw: then the page
 * goes back to the live session and says so, rather than going blank. Outside a replay it stays out of
 * the way (an error there is the page's own, and goes on up).
 */
class DrawGuard extends Component<
  { replay?: ReplayHandle; replaying: boolean; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    if (!this.props.replaying || !this.props.replay) throw error;
    this.props.replay.drawFailed();
    this.setState({ failed: false });
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
