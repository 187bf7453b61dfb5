import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { resourcesOf } from "@ui/i18n";
import { isUsed, keysUsed } from "@ui/i18n/keys-used";
import { describe, expect, it } from "vitest";

/** Every English file, the ones that load with their dialog included. */
const RESOURCES = resourcesOf(
  import.meta.glob<Record<string, unknown>>("../src/ui/i18n/locales/en/*.json", {
    eager: true,
    import: "default",
  }),
);

/** Every key of a nested strings object, as `a.b.c`. */
function keysOf(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [readFileSync(path, "utf8")] : [];
  });
}

describe("keysUsed", () => {
  const use = keysUsed([
    'const { t } = useT("panel"); t("hide", { title }); t(open ? "show" : "collapse"); t("common:close");',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a template, as a source file holds it
    'const { t } = useT("timeline"); t(`stage.${s}`); t("showing", { count });',
  ]);
  it("reads literal keys, both sides of a choice, and another namespace's key", () => {
    for (const key of ["hide", "show", "collapse"]) expect(isUsed(use, "panel", key)).toBe(true);
    expect(isUsed(use, "common", "close")).toBe(true);
    expect(isUsed(use, "panel", "close")).toBe(false);
  });
  it("counts a key built at run time by its fixed start, and plural forms by their base", () => {
    expect(isUsed(use, "timeline", "stage.queue")).toBe(true);
    expect(isUsed(use, "timeline", "showing_other")).toBe(true);
    expect(isUsed(use, "timeline", "legend")).toBe(false);
  });
});

/** Keys the code picks without a template or a literal in a `t(` call: each named here, on purpose. */
const PICKED_ELSEWHERE: Readonly<Record<string, readonly string[]>> = {
  // app/page/persist/page-persist.ts words its questions through the `t` main.tsx hands it (no useT there)
  workspaces: ["firstName", "reset.title", "reset.text", "reset.confirm", "reset.cancel"],
};

describe("the language files", () => {
  const use = keysUsed(sources(join(process.cwd(), "src")));
  const english = RESOURCES.en ?? {};
  for (const namespace of Object.keys(english))
    it(`${namespace}.json has no key the code never uses`, () => {
      const unused = keysOf(english[namespace]).filter(
        (key) => !isUsed(use, namespace, key) && !PICKED_ELSEWHERE[namespace]?.includes(key),
      );
      expect(
        unused,
        `unused keys in locales/en/${namespace}.json (remove them, in all three languages)`,
      ).toEqual([]);
    });
});
