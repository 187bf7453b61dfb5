import { isPiVersionId, PI_VERSIONS } from "@core/versions/ids";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { useSession } from "../session-context";

/**
 * The top bar's pi version. The session imitates one version at a time (its tools, prompt, validation and
 * loop); a pick keeps the workspace and rebuilds the rest, and the event stream says so. Until the session
 * has said which version it runs, the picker waits (a saved workspace may bring its own).
 */
export function VersionPicker() {
  const { stores, send } = useSession();
  const { t } = useT("topBar");
  const version = useStore(stores.status, (s) => s.piVersion);
  return (
    <select
      className="version-picker"
      aria-label={t("piVersion")}
      title={t("piVersionTitle")}
      value={version ?? ""}
      disabled={version === null}
      onChange={(e) => {
        const picked = e.target.value;
        if (isPiVersionId(picked)) send({ type: "set_pi_version", version: picked });
      }}
    >
      {version === null && <option value="">{t("piVersionStarting")}</option>}
      {PI_VERSIONS.map((v) => (
        <option key={v.id} value={v.id}>
          {t(`piVersionOption_${v.id.replaceAll(".", "_")}`)}
        </option>
      ))}
    </select>
  );
}
