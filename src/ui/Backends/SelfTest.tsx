import type { SelfTestRow } from "@agent/protocol";
import { useState } from "react";
import { useBackends } from "../features";
import { useT } from "../i18n";

/** "Run backend self-test": the short Operations contract on the live backend, pass or fail per check. */
export function SelfTest() {
  const backends = useBackends();
  const { t } = useT("backends");
  const [rows, setRows] = useState<SelfTestRow[] | null>(null);
  const [state, setState] = useState<"idle" | "running" | "failed">("idle");
  const [error, setError] = useState("");
  // A backend picker without a self-test (the page has one; a test may not) offers no button.
  if (!backends.selfTest) return null;
  const run = async () => {
    setState("running");
    setRows(null);
    try {
      setRows((await backends.selfTest?.()) ?? []);
      setState("idle");
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setState("failed");
    }
  };
  const passed = rows?.filter((r) => r.ok).length ?? 0;
  return (
    <div className="self-test">
      <button type="button" onClick={() => void run()} disabled={state === "running"}>
        {state === "running" ? t("selfTestRunning") : t("selfTest")}
      </button>
      <div role="status" className="self-test__summary">
        {rows
          ? t("selfTestSummary", { passed, total: rows.length })
          : state === "failed"
            ? t("selfTestError", { message: error })
            : ""}
      </div>
      {rows ? (
        <ul className="self-test__rows" aria-label={t("selfTestResults")}>
          {rows.map((r) => (
            <li key={r.id} className={r.ok ? "self-test__pass" : "self-test__fail"}>
              {r.ok ? "✓" : "✗"} {t(`check_${r.id}`)}
              {r.detail ? <code className="self-test__detail">{r.detail}</code> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
