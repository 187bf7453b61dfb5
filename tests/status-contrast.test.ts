/**
 * The call status chips in the transcript are small text (0.75rem) in the colour of their state, so each
 * must reach WCAG AA's 4.5:1 on every background a call sits on, in both themes. axe checks the page in
 * the e2e tests, but only sees a chip in the state it happens to be in: a call still "running" when axe
 * looked was rare enough to hide a 3.2:1 amber until a run on a loaded machine caught one. This reads the
 * colours from the stylesheet.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const CSS = readFileSync(join(import.meta.dirname, "../src/ui/styles.css"), "utf8");

/** The custom properties of the first block whose selector is exactly `selector`. */
function varsOf(selector: string): Record<string, string> {
  const at = CSS.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`no "${selector} {" block in styles.css`);
  const body = CSS.slice(at, CSS.indexOf("}", at));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6})\b/gi)].map((m) => [m[1], m[2]]));
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Each chip's colour property, from the stylesheet's `.status--<state>` rules. */
function chipColours(): Record<string, string> {
  const rules = [...CSS.matchAll(/\.status--(\w+)\s*\{\s*color:\s*var\((--[\w-]+)\)/g)];
  return Object.fromEntries(rules.map((m) => [m[1], m[2]]));
}

describe("the transcript's status chips", () => {
  const light = varsOf(":root");
  const themes = { light, dark: { ...light, ...varsOf(':root[data-theme="dark"]') } };

  it("are read from the stylesheet (running, done, error, pending)", () => {
    expect(Object.keys(chipColours()).sort()).toEqual(["done", "error", "pending", "running"]);
  });

  for (const [theme, vars] of Object.entries(themes))
    it(`reach 4.5:1 on the panel, its second shade and a selected call (${theme})`, () => {
      const low: string[] = [];
      for (const [state, property] of Object.entries(chipColours()))
        for (const ground of ["--panel", "--panel-2", "--sel"]) {
          const ratio = contrast(vars[property], vars[ground]);
          if (ratio < 4.5)
            low.push(`${state} (${vars[property]}) on ${ground} (${vars[ground]}): ${ratio.toFixed(2)}`);
        }
      expect(low).toEqual([]);
    });
});
