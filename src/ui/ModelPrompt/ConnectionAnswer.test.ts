import type { ConnectionAnswer } from "@agent/drivers/provider-errors";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { createI18n, I18nextProvider, type Language, loadNamespaces, startI18n } from "../i18n";
import { ConnectionAnswerText } from "./ConnectionAnswer";

const draw = (answer: ConnectionAnswer, language: Language) =>
  renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n: createI18n(language) },
      createElement(ConnectionAnswerText, { answer }),
    ),
  );

// The page loads these strings with model mode's composer (Conversation.tsx); drawn directly here.
beforeAll(() => loadNamespaces(["modelConnection"]));

/** The page's own words: the markup without code, the model's or provider's text, and tags. */
const ownWords = (html: string) =>
  html
    .replace(/<code>.*?<\/code>/g, "")
    .replace(/<span lang="en" data-verbatim="model">.*?<\/span>/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/\b(URL|CORS|API)\b/g, "");

const down: ConnectionAnswer = {
  code: "failed",
  failure: { code: "down", baseUrl: "http://127.0.0.1:9/v1", said: "Connection error." },
};

describe("Test connection's answer", () => {
  beforeAll(async () => {
    await startI18n("zh-Hans");
    await startI18n("zh-Hant");
  });

  it("words a closed port in Chinese, with the address as code and the provider's text as its own", () => {
    const html = draw(down, "zh-Hans");
    expect(html).toContain("<code>http://127.0.0.1:9/v1</code> 没有任何回应");
    expect(html).toContain('服务商的原话： <span lang="en" data-verbatim="model">Connection error.</span>');
    expect(ownWords(html)).not.toMatch(/[A-Za-z]{3,}/);
  });

  it("names the fix for the provider's CORS block, in the page's language", () => {
    const cors: ConnectionAnswer = {
      code: "failed",
      failure: { code: "cors", baseUrl: "http://localhost:1234/v1", provider: "lmstudio", said: "" },
    };
    expect(draw(cors, "zh-Hant")).toContain("<code>lms server start --cors</code> 啟動");
    expect(draw(cors, "en")).toContain("turn on <code>Enable CORS</code>");
    const other = { ...cors, failure: { ...cors.failure, provider: "someone" } };
    expect(draw(other, "zh-Hans")).toContain("请在服务器的 CORS 设置中允许本页面的地址");
  });

  it("says how long a rate limit asks to wait, in the page's units, and what a model answered", () => {
    const limited: ConnectionAnswer = {
      code: "failed",
      failure: { code: "rateLimited", status: 429, wait: { amount: "20", unit: "s" }, said: "429 slow down" },
    };
    expect(draw(limited, "en")).toContain("It asks you to wait 20 sec, then test again. The provider said:");
    expect(draw(limited, "zh-Hans")).toMatch(/要求等待 20\s*秒/);
    const ok: ConnectionAnswer = { code: "connected", modelId: "m", baseUrl: "http://x/v1", reply: "ok" };
    expect(draw(ok, "en")).toBe(
      'Connected: <code>m</code> at <code>http://x/v1</code> answered: <span lang="en" data-verbatim="model">ok</span>',
    );
  });
});
