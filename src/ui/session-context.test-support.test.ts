import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ModelPrompt } from "./ModelPrompt/ModelPrompt";
import { SharePanel } from "./Share/SharePanel";
import { testHandles, withSession } from "./session-context.test-support";
import { TopBar } from "./TopBar/TopBar";

const draw = (ui: Parameters<typeof withSession>[0], handles = testHandles()) =>
  renderToStaticMarkup(withSession(ui, handles));

describe("the test providers", () => {
  it("give a component the core handles it reads", () => {
    expect(draw(createElement(TopBar, { onShortcuts: () => {} }))).toContain("<header");
  });

  it("leave an optional feature out unless it is given: its part draws its fallback or nothing", () => {
    expect(draw(createElement(SharePanel))).toBe("");
    expect(draw(createElement(ModelPrompt))).toContain("muted");
  });
});
