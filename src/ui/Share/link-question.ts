/**
 * The question a link asks before it replaces the workspace: a share link (`#share=`) and a scenario link
 * (`?scenario=`) ask the same way, with the same three answers: replace, open as a new workspace, keep.
 */
import type { WordedQuestion } from "@state/confirmations";
import type { LinkSummary } from "./share-handle";

/** Words in the page's language (keys name their namespace, `share:`). */
export type ShareWords = (key: string, values?: Record<string, unknown>) => string;

export function linkQuestion(t: ShareWords, s: LinkSummary, canOpenAsNew: boolean): WordedQuestion {
  const tools = s.tools.length > 0 ? s.tools.join(", ") : t("share:open.noTools");
  const text =
    s.source === "scenario"
      ? t("share:open.scenarioText", { title: s.scenario ?? "", files: s.files, tools, steps: s.steps ?? 0 })
      : t("share:open.text", {
          files: s.files,
          added: s.changes.added.length,
          changed: s.changes.changed.length,
          removed: s.changes.removed.length,
          tools,
          scenario:
            s.scenario !== undefined
              ? t("share:open.scenario", { title: s.scenario })
              : t("share:open.noScenario"),
        });
  return {
    title: t(s.source === "scenario" ? "share:open.scenarioTitle" : "share:open.title"),
    text,
    confirm: t("share:open.confirm"),
    cancel: t("share:open.cancel"),
    ...(canOpenAsNew ? { alternative: t("share:open.alternative") } : {}),
    changes: s.changes,
    ...(s.learnerTools.length > 0 ? { code: s.learnerTools } : {}),
  };
}
