import { useCallback } from "react";
import { useT } from "../i18n";
import { useSession } from "../session-context";
import type { PreparedImport, ShareHandle } from "./share-handle";
import { shareStatus } from "./status";

/** How many existing files the question names before it says "…". */
const NAMED = 5;

/**
 * Runs an import: reads and checks (nothing is written yet), asks before files of the workspace are
 * replaced, then sends it and shows what went in and what was skipped.
 */
export function useImport(share: ShareHandle | undefined) {
  const { confirmations } = useSession();
  const { t } = useT("share");
  return useCallback(
    async (prepare: () => Promise<PreparedImport>) => {
      if (!share) return;
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
        const list = report.overwrites.slice(0, NAMED).join(", ") + (count > NAMED ? ", …" : "");
        const yes = await confirmations.ask({
          title: t("overwrite.title", { count }),
          text: t("overwrite.text", { count, list }),
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
