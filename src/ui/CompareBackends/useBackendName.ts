import { BACKEND_KIND } from "@core/backend-kinds";
import type { CompareBackend } from "@state/compare-backends";
import { useT } from "../i18n/index";

/** A backend as the page names it: memfs, WebContainer (the fake when injected), or a drill over memfs. */
export function useBackendName() {
  const { t } = useT("compareBackends");
  return (b: CompareBackend, fake = false) => {
    if (b.kind === "drill") return t("drillOver", { name: t(`drills:names.${b.drill}`) });
    // `fake`: the page was given a stand-in for the page's container, and says so.
    return fake && BACKEND_KIND[b.kind].needsIsolation ? t("webcontainerFake") : BACKEND_KIND[b.kind].label;
  };
}
