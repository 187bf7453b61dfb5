import { switchLanguage, useT } from "../i18n";
import { isLanguage, LANGUAGES } from "../i18n/languages";

/**
 * The top bar's language choice. Each language is named in itself, so a learner who cannot read the
 * current one still finds theirs; the page's entry point remembers the pick and sets `<html lang>`. A pick
 * whose strings cannot be fetched (offline, never loaded) leaves the page as it was.
 */
export function LanguagePicker() {
  const { t, language, i18n } = useT("common");
  return (
    <select
      className="language-picker"
      aria-label={t("language")}
      title={t("language")}
      value={language}
      onChange={(e) => {
        // the language's strings come first (a chunk of their own), then the page switches, all at once
        if (isLanguage(e.target.value)) void switchLanguage(i18n, e.target.value);
      }}
    >
      {LANGUAGES.map((l) => (
        <option key={l.id} value={l.id} lang={l.id}>
          {l.name}
        </option>
      ))}
    </select>
  );
}
