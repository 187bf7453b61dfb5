import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import type { ShareHandle } from "./share-handle";
import { shareStatus } from "./status";

/** How many skipped paths are listed by name. */
const LISTED = 8;

/** The last import's report, or a link's or an export's message, in the page's words. */
export function ShareStatusView({ share }: { share: ShareHandle }) {
  const { t, format } = useT("share");
  const status = useStore(shareStatus(share));
  const limits = { bytes: format.bytes(share.limits.bytes), entries: format.count(share.limits.entries) };
  let body: React.ReactNode = null;
  let tone = "ok";
  if (status?.kind === "reading") body = t("reading");
  else if (status?.kind === "cancelled") body = t("cancelled");
  else if (status?.kind === "message") {
    tone = status.tone;
    const values = { ...limits, ...status.values };
    body = status.also ? `${t(status.key, values)} ${t(status.also, values)}` : t(status.key, values);
  } else if (status?.kind === "report") {
    const r = status.report;
    if (r.refused) {
      tone = "error";
      body = t(`refused.${r.refused}`, limits);
    } else {
      const added = r.files + r.folders + r.links;
      tone = r.skipped.length > 0 ? "error" : "ok";
      body = (
        <>
          <span>
            {added > 0
              ? t("added", {
                  files: format.count(r.files),
                  folders: format.count(r.folders),
                  links: format.count(r.links),
                  bytes: format.bytes(r.bytes),
                })
              : t("nothingAdded")}
          </span>
          {r.skipped.length > 0 ? (
            <>
              <span> {t("skipped", { count: r.skipped.length })}</span>
              <ul className="share__skipped">
                {r.skipped.slice(0, LISTED).map((s) => (
                  <li key={`${s.path}:${s.reason}`}>
                    <code>{s.path}</code>: {t(`reason.${s.reason}`, limits)}
                  </li>
                ))}
              </ul>
              {r.skipped.length > LISTED ? (
                <span>{t("skippedMore", { count: r.skipped.length - LISTED })}</span>
              ) : null}
            </>
          ) : null}
          {r.windowsNames > 0 ? <span> {t("windowsNames", { count: r.windowsNames })}</span> : null}
        </>
      );
    }
  }
  return (
    <div className={`share__status share__status--${tone}`} role="status">
      {body}
    </div>
  );
}
