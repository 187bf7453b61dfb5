/**
 * The page's languages. The ids are BCP 47 script subtags rather than regions, because the tutorials
 * are written per script (simplified and traditional), not per country; each is also the `<html lang>`.
 */
export const LANGUAGES = [
  { id: "en", name: "English" },
  { id: "zh-Hans", name: "简体中文" },
  { id: "zh-Hant", name: "繁體中文" },
] as const;

export type Language = (typeof LANGUAGES)[number]["id"];

export const DEFAULT_LANGUAGE: Language = "en";

export const isLanguage = (v: unknown): v is Language => LANGUAGES.some((l) => l.id === v);

/** Regions whose Chinese is written in traditional characters when a browser names a region only. */
const TRADITIONAL_REGIONS = new Set(["TW", "HK", "MO"]);

/** One browser language tag (`zh-TW`, `zh-Hant-HK`, `en-GB`, `zh`) → ours, or undefined when we have none. */
export function languageOfTag(tag: string): Language | undefined {
  const parts = tag.split(/[-_]/);
  const primary = parts[0]?.toLowerCase();
  if (primary === "en") return "en";
  if (primary !== "zh") return undefined;
  const script = parts.find((p) => p.length === 4)?.toLowerCase();
  if (script === "hant") return "zh-Hant";
  if (script === "hans") return "zh-Hans";
  const region = parts.find((p) => p.length === 2 && p !== parts[0])?.toUpperCase();
  return region && TRADITIONAL_REGIONS.has(region) ? "zh-Hant" : "zh-Hans";
}

/**
 * The language to start in: the one the learner picked before (remembered), else the first of the
 * browser's preferred languages we have, else English.
 */
export function pickLanguage(stored: unknown, preferred: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of preferred) {
    const found = languageOfTag(tag);
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}
