import type { ScenarioTranslations } from "@agent/scenario";
import type { Language } from "../i18n/languages";

/** A scenario's title and description in the page's language, or its English ones when it has none. */
export function localized(
  s: { title: string; description: string; translations?: ScenarioTranslations },
  language: Language,
): { title: string; description: string } {
  const own = language === "en" ? undefined : s.translations?.[language];
  return { title: own?.title || s.title, description: own?.description || s.description };
}
