import { describe, expect, it } from "vitest";
import { RESOURCES as BUNDLED, createI18n, NAMESPACES, startI18n } from "./index";
import { LANGUAGES } from "./languages";
import { resourcesOf } from "./resources-of";

/** Every language's files, as the chunks hold them. */
const RESOURCES = resourcesOf(
  import.meta.glob<Record<string, unknown>>("./locales/*/*.json", { eager: true, import: "default" }),
);

/** Every key of a nested strings object, as `a.b.c`. */
function keysOf(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

function valueAt(value: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], value);
}

describe("the language files", () => {
  const english = RESOURCES.en ?? {};
  for (const namespace of Object.keys(english)) {
    for (const { id } of LANGUAGES) {
      it(`${id}/${namespace}.json has every key of English, none empty, none extra`, () => {
        const strings = RESOURCES[id]?.[namespace];
        expect(strings, `locales/${id}/${namespace}.json is missing`).toBeDefined();
        const want = keysOf(english[namespace]).sort();
        expect(keysOf(strings).sort()).toEqual(want);
        for (const key of want)
          expect(String(valueAt(strings, key)).trim(), `${id} ${namespace}:${key}`).not.toBe("");
      });
    }
  }
  it("has no language folder English lacks", () => {
    expect(Object.keys(RESOURCES).sort()).toEqual(LANGUAGES.map((l) => l.id).sort());
  });
});

describe("the page's strings", () => {
  it("bundles English only: the other languages are chunks of their own", () => {
    expect(Object.keys(BUNDLED)).toEqual(["en"]);
    expect(NAMESPACES.sort()).toEqual(Object.keys(RESOURCES.en ?? {}).sort());
  });

  it("translates once a language's chunk is loaded, and falls back to English for a missing key", async () => {
    const i18n = await startI18n("zh-Hant");
    expect(i18n.t("common:language")).toBe("語言");
    expect(i18n.t("common:noSuchKey", { defaultValue: "x" })).toBe("x");
    // every namespace of the chunk arrived, the same strings as its files
    for (const namespace of NAMESPACES)
      expect(i18n.getResourceBundle("zh-Hant", namespace)).toEqual(RESOURCES["zh-Hant"]?.[namespace]);
    // an instance made afterwards starts with what was loaded
    expect(createI18n("zh-Hant").t("common:language")).toBe("語言");
  });
});
