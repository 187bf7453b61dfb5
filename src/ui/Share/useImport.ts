import { useCallback } from "react";
import { useShare } from "../features";
import { useT } from "../i18n";
import { useConfirmations } from "../session-context";
import type { PreparedImport } from "./share-handle";
import { shareStatus } from "./status";

/**
 * Runs an import: reads and checks (nothing is written yet), asks before files of the workspace are
 * replaced, then sends it and shows what went in and what was skipped.
 */
export function useImport() {
  const share = useShare();
  const confirmations = useConfirmations();
  const { t } = useT("share");
  return useCallback(
    async (prepare: () => Promise<PreparedImport>) => {
      const status = shareStatus(share);
      status.set({ kind: "reading" });
      let prepared: PreparedImport;
      try {
        prepared = await prepare();
      } catch {
        status.set({ kind: "message", tone: "error", key: "refused.unreadable" });
        return;
      }
      const { report } = prepared;
      const count = report.overwrites.length;
      if (!report.refused && count > 0) {
        const yes = await confirmations.ask({
          title: t("overwrite.title", { count }),
          text: t("overwrite.text", { count }),
          // Every one named, in the dialog's scrolling list: the import adds nothing else worth asking.
          changes: { added: [], changed: [...report.overwrites], removed: [] },
          confirm: t("overwrite.confirm"),
          cancel: t("overwrite.cancel"),
        });
        if (!yes) {
          status.set({ kind: "cancelled" });
          return;
        }
      }
      prepared.commit();
      status.set({ kind: "report", report });
    },
    [share, confirmations, t],
  );
}
