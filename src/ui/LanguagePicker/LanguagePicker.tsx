import { useT } from "../i18n";
import { isLanguage, LANGUAGES } from "../i18n/languages";

/**
 * The top bar's language choice. Each language is named in itself, so a learner who cannot read the
 * current one still finds theirs; the page's entry point remembers the pick and sets `<html lang>`.
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
        if (isLanguage(e.target.value)) void i18n.changeLanguage(e.target.value);
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
