/**
 * The page's one language layer. Every string the page writes goes through `t` from `useT(namespace)`.
 * Strings live in `locales/<language>/<namespace>.json`, one namespace per part of the page, so parts
 * are translated (and reviewed) apart. What the model sees (tool descriptions, prompt sections, tool
 * results, pi's error texts) is never translated: the page shows it verbatim and says it is the
 * model's text. How to add a string: docs/i18n.md.
 */
import i18next, { type i18n as I18n, type Resource } from "i18next";
import { initReactI18next, useTranslation } from "react-i18next";
import { createFormatters, type Formatters } from "./format";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./languages";

const files = import.meta.glob<Record<string, unknown>>("./locales/*/*.json", {
  eager: true,
  import: "default",
});

/** locales/<language>/<namespace>.json → i18next's resources, `{ language: { namespace: strings } }` */
export function resourcesOf(found: Record<string, Record<string, unknown>>): Resource {
  const resources: Resource = {};
  for (const [path, strings] of Object.entries(found)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    resources[language] ??= {};
    (resources[language] as Record<string, unknown>)[namespace] = strings;
  }
  return resources;
}

export const RESOURCES = resourcesOf(files);
export const NAMESPACES = Object.keys(RESOURCES[DEFAULT_LANGUAGE] ?? {});

/** A ready instance in `language`; all three languages are bundled, so switching never waits. */
export function createI18n(language: Language = DEFAULT_LANGUAGE): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES.map((l) => l.id),
    ns: NAMESPACES,
    defaultNS: "common",
    resources: RESOURCES,
    initAsync: false,
    // React escapes what it renders; escaping here as well would show `&amp;` to the learner.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** One set of formatters per language: the panels that redraw every frame then build no Intl objects. */
const formatters = new Map<string, Formatters>();
function formattersOf(language: Language): Formatters {
  const found = formatters.get(language) ?? createFormatters(language);
  formatters.set(language, found);
  return found;
}

/** `t` for one namespace, and the formatters of the current language. */
export function useT(namespace: string) {
  const { t, i18n } = useTranslation(namespace);
  const language = i18n.language as Language;
  return { t, i18n, language, format: formattersOf(language) };
}

export { I18nextProvider } from "react-i18next";
export type { Language } from "./languages";
