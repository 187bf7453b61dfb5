import type { ReactNode } from "react";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { useSession } from "../session-context";

/**
 * The composer's foot: the Run button, what is wrong with the input (or what will be sent), and Abort
 * while a run is going. It never scrolls away: the fields above it scroll, so on a 1280×720 or 1024×768
 * projector the action, its error and Abort stay in view.
 */
export function RunBar({
  label,
  disabled,
  problem,
  problemId,
  note,
  labelWhileRunning,
}: {
  label: string;
  /** when given, the button stays usable while a run goes, under this label (model mode queues) */
  labelWhileRunning?: string;
  disabled: boolean;
  /** why the input cannot be sent (then Run is disabled); announced as it appears */
  problem: ReactNode;
  /** the id fields point their aria-describedby at */
  problemId: string;
  /** what will be sent, when nothing is wrong */
  note: ReactNode;
}) {
  const { stores, abort } = useSession();
  const { t } = useT("callForm");
  const running = useStore(stores.status, (s) => s.running);
  const queues = running && labelWhileRunning !== undefined;
  return (
    <div className="run-bar">
      <button
        type="submit"
        className="primary"
        disabled={disabled || (running && !queues)}
        aria-keyshortcuts="Control+Enter"
        title={
          queues ? t("queueTitle", { label: labelWhileRunning }) : running ? t("busyTitle") : t("runTitle")
        }
      >
        {queues ? labelWhileRunning : label}{" "}
        <span className="run-bar__key" aria-hidden="true">
          Ctrl+Enter
        </span>
      </button>
      {running ? (
        <button
          type="button"
          className="danger"
          onClick={abort}
          aria-keyshortcuts="Escape"
          title={t("common:abortTitle")}
        >
          {t("common:abort")}
        </button>
      ) : null}
      {problem ? (
        <div id={problemId} className="run-bar__problem" role="alert">
          {problem}
        </div>
      ) : (
        <p className="run-bar__note">{queues ? t("runningQueues") : running ? t("running") : note}</p>
      )}
    </div>
  );
}
