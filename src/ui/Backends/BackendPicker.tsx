import { BACKEND_KIND, BACKEND_KINDS, type BackendKind } from "@core/backend-kinds";
import { useState } from "react";
import { CompareBackendsButton } from "../CompareBackends/CompareButton";
import { BackendsFeature, Only, useBackends } from "../features";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { useSession } from "../session-context";
import { SelfTest } from "./SelfTest";
import "./backends.css";

/** What each kind is, in the picker's words: a kind added to the table fails to compile until it has one. */
const WHAT: Record<BackendKind, string> = { memfs: "memfsWhat", webcontainer: "webcontainerWhat" };

/** memfs or WebContainer for the session's tools (one radio per kind); WebContainer boots only when picked here. */
export function BackendPicker() {
  return (
    <Only feature={BackendsFeature}>
      <Picker />
    </Only>
  );
}

function Picker() {
  const { stores } = useSession();
  const backends = useBackends();
  const { t } = useT("backends");
  const current = useStore(stores.files, (f) => f.backend);
  const kind = useStore(stores.files, (f) => f.backendKind);
  const pick = useStore(backends.status);
  const [bashOnly, setBashOnly] = useState(false);
  const onContainer = BACKEND_KIND[kind].needsIsolation;
  const busy = pick.status === "booting" || pick.status === "switching";
  const seconds = (ms: number) => Math.round(ms / 1000);
  const status = (() => {
    switch (pick.status) {
      case "booting":
        return t("booting", { seconds: seconds(pick.limitMs) });
      case "switching":
        return t("switching");
      case "failed":
        if (pick.reason === "missing")
          return t("missing", { list: pick.missing.map((m) => t(`missing_${m}`)).join(" ") });
        if (pick.reason === "timeout") return t("timeout", { seconds: seconds(pick.limitMs) });
        if (pick.reason === "offline") return t("offline");
        if (pick.reason === "bootError") return t("bootError", { message: pick.message });
        return t("stuck");
      default:
        // On memfs with nothing to report, the line stays empty: the Workspace panel is small on a projector.
        return onContainer ? t("onContainer", { backend: current }) : "";
    }
  })();
  return (
    <fieldset className="backend-switch" aria-busy={busy}>
      <legend>{t("legend")}</legend>
      {BACKEND_KINDS.map((option) => {
        const facts = BACKEND_KIND[option];
        return (
          <label key={option}>
            <input
              type="radio"
              name="backend"
              value={option}
              checked={kind === option}
              disabled={busy}
              // a kind the page must boot reports its boot in the status line
              aria-describedby={facts.needsIsolation ? "backend-status" : undefined}
              onChange={() =>
                void backends.pick(option, facts.offersBashOnly && bashOnly ? ["bash"] : undefined)
              }
            />
            {facts.label} <span className="muted">{t(WHAT[option])}</span>
          </label>
        );
      })}
      <label className="backend-switch__option">
        <input
          type="checkbox"
          checked={bashOnly}
          disabled={busy}
          onChange={(e) => setBashOnly(e.target.checked)}
        />
        {t("bashOnly")}
      </label>
      <p
        id="backend-status"
        role="status"
        className={`backend-switch__status${pick.status === "failed" ? " backend-switch__status--failed" : ""}`}
      >
        {status}
      </p>
      <SelfTest />
      <CompareBackendsButton />
    </fieldset>
  );
}

/** The backend a tool's closure holds, beside its name in the dispatch table; its kind picks the colour. */
export function BackendBadge({ backend, kind }: { backend: string; kind?: BackendKind }) {
  const { t } = useT("backends");
  if (!backend) return null;
  return (
    <span
      className={kind ? `backend-badge backend-badge--${kind}` : "backend-badge"}
      title={t("closureHolds", { backend })}
    >
      {backend}
    </span>
  );
}
