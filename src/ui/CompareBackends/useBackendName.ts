import type { CompareBackend } from "@state/compare-backends";
import { useT } from "../i18n/index";

/** A backend as the page names it: memfs, WebContainer (the fake when injected), or a drill over memfs. */
export function useBackendName() {
  const { t } = useT("compareBackends");
  return (b: CompareBackend, fake = false) =>
    b.kind === "memfs"
      ? "memfs"
      : b.kind === "webcontainer"
        ? fake
          ? t("webcontainerFake")
          : "WebContainer"
        : t("drillOver", { name: t(`drills:names.${b.drill}`) });
}
