import { useEffect, useState } from "react";
import { useT } from "../i18n";
import { useSession } from "../session-context";
import "./Share.css";

type Banner = { tone: "ok" | "error"; key: string; values?: Record<string, string | number> };

/** Takes the fragment off the address, so a reload does not ask again. */
function clearFragment() {
  window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
}

/**
 * Opens a share link (`#share=…`) when the page starts or its fragment changes: says what the link will
 * load and asks before it replaces the workspace. A damaged, cut or newer link is one sentence, and
 * nothing changes.
 */
export function LinkOpener() {
  const { share, confirmations } = useSession();
  const { t } = useT("share");
  const [banner, setBanner] = useState<Banner | null>(null);

  useEffect(() => {
    if (!share) return;
    const open = async () => {
      const opened = await share.readLink(window.location.hash);
      if (!opened) return;
      clearFragment();
      if (!opened.ok) {
        setBanner({
          tone: "error",
          key: `problem.${opened.problem}`,
          values: { version: opened.version ?? "" },
        });
        return;
      }
      const s = opened.summary;
      void opened
        .open(() =>
          confirmations.ask({
            title: t("open.title"),
            text: t("open.text", {
              files: s.files,
              added: s.added,
              changed: s.changed,
              removed: s.removed,
              tools: s.tools.length > 0 ? s.tools.join(", ") : t("open.noTools"),
              scenario:
                s.scenario !== undefined ? t("open.scenario", { title: s.scenario }) : t("open.noScenario"),
            }),
            confirm: t("open.confirm"),
            cancel: t("open.cancel"),
          }),
        )
        .then((loaded) => setBanner(loaded ? { tone: "ok", key: "open.done" } : null));
    };
    const onHash = () => void open();
    onHash();
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, [share, confirmations, t]);

  if (!banner) return null;
  return (
    <div
      className={`share-banner share-banner--${banner.tone}`}
      role={banner.tone === "error" ? "alert" : "status"}
    >
      <span>{t(banner.key, banner.values)}</span>
      <button type="button" onClick={() => setBanner(null)}>
        {t("dismiss")}
      </button>
    </div>
  );
}
