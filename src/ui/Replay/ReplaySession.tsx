import { Component, createContext, type ReactNode, useContext, useMemo } from "react";
import { ReplayFeature, useIfOffered } from "../features";
import { type SessionHandle, SessionProvider, useSession } from "../session-context";
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
  const replay = useIfOffered(ReplayFeature);
  const shown = useReplayShown();
  const value = useMemo(
    () => (shown ? { ...session, stores: shown.stores, send: ignore, abort: ignore } : session),
    [session, shown],
  );
  return (
    <LiveSessionContext.Provider value={session}>
      <SessionProvider value={value}>
        <DrawGuard replay={replay} replaying={shown !== null}>
          {children}
        </DrawGuard>
      </SessionProvider>
    </LiveSessionContext.Provider>
  );
}

const LiveSessionContext = createContext<SessionHandle | null>(null);

/**
 * The parts that hold the learner's own unsaved work (the file editor's typing, the composer's fields)
 * stay mounted and on the live session during a replay, only out of sight: they never see the file's
 * stores, so nothing in them is reset or lost, and they are as they were on the way back.
 */
export function LiveOnly({ children, className }: { children: ReactNode; className?: string }) {
  const live = useContext(LiveSessionContext);
  const replaying = useReplayShown() !== null;
  // Without a class of its own the wrapper lays out as if it were not there (Replay.css).
  const classes = [className ?? "replay-live", replaying ? "replay-hidden" : ""].filter(Boolean).join(" ");
  const kept = <div className={classes}>{children}</div>;
  return live ? <SessionProvider value={live}>{kept}</SessionProvider> : kept;
}

/**
 * Someone else's file may hold events of a known type whose fields the panels cannot draw: then the page
 * goes back to the live session and says so, rather than going blank. Outside a replay it stays out of
 * the way (an error there is the page's own, and goes on up).
 */
class DrawGuard extends Component<
  { replay: ReplayHandle | null; replaying: boolean; children: ReactNode },
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
