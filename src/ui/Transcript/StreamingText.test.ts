import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createI18n, I18nextProvider } from "../i18n";
import { STREAM_TAIL, StreamingText } from "./StreamingText";

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

  it("draws the whole text once the message ends, and a short text whole all along", () => {
    expect(draw(long, false)).toBe(`<p>${long}</p>`);
    expect(draw("Hello there", true)).toBe("<p>Hello there</p>");
  });
});
