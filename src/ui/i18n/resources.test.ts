import { describe, expect, it } from "vitest";
import { createI18n, RESOURCES } from "./index";
import { LANGUAGES } from "./languages";

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

describe("createI18n", () => {
  it("translates in the language it was made for and falls back to English for a missing key", () => {
    const i18n = createI18n("zh-Hant");
    expect(i18n.t("common:language")).toBe("語言");
    expect(i18n.t("common:noSuchKey", { defaultValue: "x" })).toBe("x");
  });
});
