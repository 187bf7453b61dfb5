/**
 * A long model answer once it has ended, in Chromium against the mock provider: the transcript holds the
 * whole text, drawn in parts the browser leaves unlaid while they are off screen (so the frame after the
 * message ends does not lay out all of it), followed to its end, with no line more or less than the
 * same text as one paragraph, and a part scrolled to is drawn. Each `it` opens a page of its own.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { TEXT_PART } from "../../src/ui/Transcript/StreamingText";
import { textParts } from "../../src/ui/Transcript/text-parts";
import { chooseModel, modelPages, PROJECTOR, SMALL, settled } from "./model-support";

const pages = modelPages();

const LINES = 600;
const text = Array.from(
  { length: LINES },
  (_, i) => `line ${i + 1}: the model goes on answering at length`,
).join("\n");
/** the text as it streams: pieces of 200 characters */
const pieces = text.match(/[\s\S]{1,200}/g) ?? [];

/** Records, per part of the long text, whether the browser skips its contents (the newest state). */
const watchParts = (p: Page) =>
  p.evaluate(() => {
    const seen: Record<number, boolean> = {};
    (window as unknown as { __parts: typeof seen }).__parts = seen;
    document.addEventListener(
      "contentvisibilityautostatechange",
      (e) => {
        const part = e.target as HTMLElement;
        if (!part.classList.contains("long-text__part")) return;
        seen[[...(part.parentElement?.children ?? [])].indexOf(part)] = (
          e as Event & { skipped: boolean }
        ).skipped;
      },
      { capture: true },
    );
  });
const partStates = (p: Page) =>
  p.evaluate(() => ({ ...(window as unknown as { __parts: Record<number, boolean> }).__parts }));

describe.each([
  ["1280×720", PROJECTOR],
  ["1024×768", SMALL],
])("a long model answer at %s", (_, viewport) => {
  it("is whole in the transcript, drawn only where it is on screen, and followed to its end", async () => {
    const p = await pages.open(viewport);
    const form = await chooseModel(p, { baseUrl: pages.mock.openaiBaseUrl });
    pages.mock.script({ blocks: [{ type: "text", text, pieces }], framesPerSecond: 500 });
    await watchParts(p);
    await form.getByRole("textbox", { name: "Message" }).fill("Answer at length");
    await form.getByRole("button", { name: "Send" }).click();
    await settled(p);

    const long = p.locator(".msg--assistant .long-text");
    expect(await long.textContent()).toBe(text);
    const count = textParts(text, TEXT_PART).length;
    expect(count).toBeGreaterThan(4);
    expect(await long.locator(".long-text__part").count()).toBe(count);

    // At the end: the last part drawn, the ones far above it skipped, the scroller at its end.
    await expect
      .poll(async () => {
        const states = await partStates(p);
        const skipped = Object.values(states).filter(Boolean).length;
        return states[count - 1] === false && skipped >= count - 3;
      })
      .toBe(true);
    const scroller = p.locator(".conversation__transcript");
    await expect
      .poll(() => scroller.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop))
      .toBeLessThan(2);
    expect(await p.getByText(`line ${LINES}:`).isVisible()).toBe(true);

    // Drawn whole, the parts take exactly the lines of the same text as one paragraph: they end at the
    // text's own line breaks.
    const heights = await long.evaluate((el, whole) => {
      for (const part of el.querySelectorAll<HTMLElement>(".long-text__part"))
        part.style.contentVisibility = "visible";
      const parts = el.getBoundingClientRect().height;
      const one = document.createElement("p");
      one.textContent = whole;
      el.after(one);
      const paragraph = one.getBoundingClientRect().height;
      one.remove();
      for (const part of el.querySelectorAll<HTMLElement>(".long-text__part"))
        part.style.contentVisibility = "";
      return { parts, paragraph };
    }, text);
    expect(Math.abs(heights.parts - heights.paragraph)).toBeLessThan(1);

    // Scrolled to its start by the reader (a scroll of the page's own goes back to the end while it
    // follows), the first part is drawn.
    await scroller.hover();
    await p.mouse.wheel(0, -1_000_000);
    await long.locator(".long-text__part").first().scrollIntoViewIfNeeded();
    await expect.poll(async () => (await partStates(p))[0]).toBe(false);
    expect(await p.getByText("line 1:", { exact: false }).first().isVisible()).toBe(true);
  });
});
