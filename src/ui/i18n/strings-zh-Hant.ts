import type { ResourceLanguage } from "i18next";
import { resourcesOf } from "./resources-of";

/** Every namespace of zh-Hant in one chunk, loaded when the page speaks it (index.ts). */
const files = import.meta.glob<Record<string, unknown>>("./locales/zh-Hant/*.json", {
  eager: true,
  import: "default",
});

export default (resourcesOf(files)["zh-Hant"] ?? {}) as ResourceLanguage;
