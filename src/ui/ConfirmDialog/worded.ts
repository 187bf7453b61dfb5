import type { Question, WordedQuestion } from "@state/confirmations";
import type { TFunction } from "i18next";

/**
 * The question in the page's language: one about unsaved edits carries only what it is about, and its
 * words come from the confirmDialog locale files; any other question arrives already worded.
 */
export function worded(t: TFunction, question: Question | null): WordedQuestion | null {
  if (!question || !("about" in question)) return question;
  const { action, paths } = question.about;
  return {
    title: t(`confirmDialog:unsaved.title.${action}`),
    text: t("confirmDialog:unsaved.text", {
      files: t("confirmDialog:unsaved.files", { count: paths.length, list: paths.join(", ") }),
      outcome: t(`confirmDialog:unsaved.outcome.${action}`),
    }),
    confirm: t(`confirmDialog:unsaved.confirm.${action}`),
    cancel: t("confirmDialog:unsaved.cancel"),
  };
}
