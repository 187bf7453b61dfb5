import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createI18n, I18nextProvider } from "../i18n";
import { STREAM_TAIL, StreamingText, TEXT_PART } from "./StreamingText";

const draw = (text: string, streaming: boolean) =>
  renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n: createI18n("en" as never) },
      createElement(StreamingText, { text, streaming }),
    ),
  );

describe("a streaming message's text", () => {
  const long = Array.from({ length: 3000 }, (_, i) => `w${i} `).join("");

  it("draws only its newest characters while it streams, saying how many came before", () => {
    const html = draw(long, true);
    const earlier = long.length - STREAM_TAIL;
    expect(html).toContain(
      `${earlier.toLocaleString("en")} earlier characters are shown when the message ends`,
    );
    expect(html).toContain(`…${long.slice(earlier)}</p>`);
    expect(html).not.toContain(long.slice(0, 50));
  });

  it("draws the whole text once the message ends, a long one in parts the browser may leave unlaid", () => {
    const html = draw(long, false);
    const parts = [...html.matchAll(/<span class="long-text__part"[^>]*>([^<]*)<\/span>/g)];
    expect(parts.length).toBe(Math.ceil(long.length / TEXT_PART));
    expect(parts.map((p) => p[1]).join("")).toBe(long);
    expect(html).toMatch(/^<p class="long-text">/);
    expect(html).toContain("contain-intrinsic-block-size:auto");
    expect(html).not.toContain("earlier characters");
  });

  it("draws a text no longer than a part as one paragraph, streaming or not", () => {
    expect(draw("Hello there", true)).toBe("<p>Hello there</p>");
    const part = "x".repeat(TEXT_PART);
    expect(draw(part, false)).toBe(`<p>${part}</p>`);
  });
});
