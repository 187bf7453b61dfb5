/**
 * The page's one language layer. Every string the page writes goes through `t` from `useT(namespace)`.
 * Strings live in `locales/<language>/<namespace>.json`, one namespace per part of the page, so parts
 * are translated (and reviewed) apart. What the model sees (tool descriptions, prompt sections, tool
 * results, pi's error texts) is never translated: the page shows it verbatim and says it is the
 * model's text. How to add a string: docs/i18n.md.
 */
import i18next, { type i18n as I18n, type Resource, type ResourceLanguage } from "i18next";
import { initReactI18next, useTranslation } from "react-i18next";
import { createFormatters, type Formatters } from "./format";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./languages";
import { resourcesOf } from "./resources-of";

// English is the fallback for a key another language lacks, so it comes with the page; the other languages
// are chunks of their own, loaded when the page starts in one or the learner picks one. The English of a
// part that itself loads on demand (LAZY_NAMESPACES) comes with that part instead (loadNamespaces).
const english = import.meta.glob<Record<string, unknown>>(
  [
    "./locales/en/*.json",
    "!./locales/en/lessons.json",
    "!./locales/en/compromises.json",
    "!./locales/en/compareBackends.json",
    "!./locales/en/modelConnection.json",
    "!./locales/en/contextGauge.json",
    "!./locales/en/debuggerStrip.json",
    "!./locales/en/toolEditorDialog.json",
    "!./locales/en/embed.json",
    "!./locales/en/piSession.json",
    "!./locales/en/workspaceList.json",
    "!./locales/en/replayBar.json",
  ],
  { eager: true, import: "default" },
);
const lazyEnglish = import.meta.glob<Record<string, unknown>>(
  [
    "./locales/en/lessons.json",
    "./locales/en/compromises.json",
    "./locales/en/compareBackends.json",
    "./locales/en/modelConnection.json",
    "./locales/en/contextGauge.json",
    "./locales/en/debuggerStrip.json",
    "./locales/en/toolEditorDialog.json",
    "./locales/en/embed.json",
    "./locales/en/piSession.json",
    "./locales/en/workspaceList.json",
    "./locales/en/replayBar.json",
  ],
  { import: "default" },
);

/** The namespaces whose English loads with the dialog that uses them, not with the page. */
export const LAZY_NAMESPACES = [
  "lessons",
  "compromises",
  "compareBackends",
  "modelConnection",
  "contextGauge",
  "debuggerStrip",
  "toolEditorDialog",
  "embed",
  "piSession",
  "workspaceList",
  "replayBar",
] as const;
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];

export { resourcesOf };
/** The bundled strings: English's, less the namespaces that load on demand. */
export const RESOURCES = resourcesOf(english);
export const NAMESPACES = [...Object.keys(RESOURCES[DEFAULT_LANGUAGE] ?? {}), ...LAZY_NAMESPACES];

/** Each language but English, as a chunk of its own (all its namespaces in one request). */
const CHUNKS: Record<Exclude<Language, "en">, () => Promise<{ default: ResourceLanguage }>> = {
  "zh-Hans": () => import("./strings-zh-Hans"),
  "zh-Hant": () => import("./strings-zh-Hant"),
};

/** The languages loaded so far, for an instance made later (a test's, a second root's) to start with. */
const loaded: Resource = { ...RESOURCES, [DEFAULT_LANGUAGE]: { ...RESOURCES[DEFAULT_LANGUAGE] } };
/** Every instance made, so strings that arrive later reach all of them. */
const instances = new Set<I18n>();

/**
 * An instance in `language`, with the strings loaded so far: a language not loaded yet shows English until
 * `loadLanguage` brings it (the page awaits that before its first render, so it never shows).
 */
export function createI18n(language: Language = DEFAULT_LANGUAGE): I18n {
  const instance = i18next.createInstance();
  instances.add(instance);
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES.map((l) => l.id),
    ns: NAMESPACES,
    defaultNS: "common",
    resources: { ...loaded },
    initAsync: false,
    // React escapes what it renders; escaping here as well would show `&amp;` to the learner.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** Brings `language`'s strings into `instance` (once per page); rejects when its chunk cannot be fetched. */
export async function loadLanguage(instance: I18n, language: Language): Promise<void> {
  if (language === "en") return;
  const strings = loaded[language] ?? (await CHUNKS[language]()).default;
  loaded[language] = strings;
  for (const [namespace, bundle] of Object.entries(strings))
    if (!instance.hasResourceBundle(language, namespace))
      instance.addResourceBundle(language, namespace, bundle, true, true);
}

/**
 * Brings the English of parts that load on demand into every instance; a dialog's lazy import awaits it
 * beside its own chunk, so its first render finds its strings (the other languages' chunks hold all
 * namespaces already).
 */
export async function loadNamespaces(namespaces: readonly LazyNamespace[]): Promise<void> {
  const en = loaded[DEFAULT_LANGUAGE] as ResourceLanguage;
  await Promise.all(
    namespaces.map(async (namespace) => {
      const load = lazyEnglish[`./locales/en/${namespace}.json`];
      if (!en[namespace] && load) en[namespace] = await load();
      for (const instance of instances)
        if (!instance.hasResourceBundle(DEFAULT_LANGUAGE, namespace))
          instance.addResourceBundle(DEFAULT_LANGUAGE, namespace, en[namespace], true, true);
    }),
  );
}

/** An instance in `language` with its strings loaded: what the page renders with, and what tests use. */
export async function startI18n(language: Language): Promise<I18n> {
  const instance = createI18n(language);
  await loadLanguage(instance, language);
  return instance;
}

/**
 * Switches the page's language once its strings are here, so no part of the page shows English while the
 * chunk loads. When it cannot be fetched (offline, and never loaded) the page stays in its language.
 */
export async function switchLanguage(instance: I18n, language: Language): Promise<boolean> {
  try {
    await loadLanguage(instance, language);
  } catch {
    return false;
  }
  await instance.changeLanguage(language);
  return true;
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
