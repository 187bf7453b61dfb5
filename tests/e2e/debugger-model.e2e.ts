/**
 * The pipeline debugger in model mode, against the mock provider: the model's write pauses before
 * execute (the page saying that no request is open meanwhile), the learner changes its path, and the
 * next request tells the model what really ran.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { MockTurn } from "../mock-provider/server";
import { chooseModel, modelForm, modelPages, PROJECTOR, settled } from "./model-support";

const pages = modelPages();

async function pauseWriteBeforeExecute(p: Page) {
  await p
    .getByRole("table", { name: /Tools by name/ })
    .getByRole("button", { name: "write", exact: true })
    .click();
  await p
    .getByRole("region", { name: /write/ })
    .getByRole("button", { name: "Pause write before execute" })
    .click();
  await p
    .getByRole("list", { name: "Breakpoints" })
    .getByText(/^write · before execute/)
    .waitFor();
}

describe("the pipeline debugger in model mode", () => {
  it("the model waits at a breakpoint; the edited call runs and the model gets its result", async () => {
    const p = await pages.open(PROJECTOR);
    await pauseWriteBeforeExecute(p);
    const write: MockTurn = {
      blocks: [
        { type: "toolCall", id: "call_w", name: "write", pieces: ['{"path": "asked.md", "content": "hi"}'] },
      ],
    };
    pages.mock.script(write, { blocks: [{ type: "text", text: "Written." }] });
    await chooseModel(p, { baseUrl: pages.mock.openaiBaseUrl });
    await modelForm(p).getByRole("textbox", { name: "Message" }).fill("write hi");
    await modelForm(p).getByRole("button", { name: "Send" }).click();
    const box = p.locator("[data-paused]");
    const editor = box.getByLabel(/Arguments \(JSON\)/);
    await editor.waitFor({ timeout: 20_000 });
    // The page says what the model's request is doing meanwhile: nothing, its reply has ended.
    await box
      .getByText(/^Model mode: the model's reply has ended and no request is open while this call waits/)
      .waitFor();
    const before = pages.mock.requests.filter((r) => r.method === "POST").length;
    await editor.fill('{"path": "edited.md", "content": "hi"}');
    await box.getByRole("button", { name: "Continue with the edit" }).click();
    await settled(p);
    await p.locator(".file-tree").getByText("edited.md", { exact: true }).waitFor();
    const posts = pages.mock.requests.filter((r) => r.method === "POST");
    expect(posts.length).toBe(before + 1);
    // What the model is told: the result of the write that ran, to the path the learner gave.
    expect(JSON.stringify(posts.at(-1)?.body)).toContain("edited.md");
  });
});
