/**
 * The share handle the page starts with: the limits at once, everything else (fflate, the zip reader,
 * the link codec, the scenario parser) loaded on first use, so none of it is in the first bundle.
 */
import type { ShareHandle } from "@ui/Share/share-handle";
import { KEPT_LINK_KEY, SHARE_LIMITS } from "../../common/share/limits";
import type { SharePageDeps } from "./share-page";

/** `deps` without the preset: the preset's files are loaded with the rest (a link's changes apply to them). */
export function createLazyShareHandle(deps: Omit<SharePageDeps, "preset">): ShareHandle {
  let loading: Promise<ShareHandle> | null = null;
  const real = () => {
    loading ??= Promise.all([import("./share-page"), import("../../common/presets/index")]).then(
      ([page, presets]) => page.createShareHandle({ ...deps, preset: presets.PRESETS.default }),
    );
    return loading;
  };
  return {
    limits: SHARE_LIMITS,
    preparePicked: async (items) => (await real()).preparePicked(items),
    prepareZip: async (file) => (await real()).prepareZip(file),
    exportZip: async () => (await real()).exportZip(),
    makeLink: async () => (await real()).makeLink(),
    // Most pages open with no fragment: the codec is loaded only when there is one to read.
    readLink: async (hash) => (/^#?share=/.test(hash) ? (await real()).readLink(hash) : null),
    takeKeptLink: async () => (hasKeptLink(deps.tab) ? (await real()).takeKeptLink() : null),
    openScenarioFile: async (file) => (await real()).openScenarioFile(file),
  };
}

function hasKeptLink(tab: SharePageDeps["tab"]): boolean {
  try {
    return Boolean(tab?.getItem(KEPT_LINK_KEY));
  } catch {
    return false;
  }
}
