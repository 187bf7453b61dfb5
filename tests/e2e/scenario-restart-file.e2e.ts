/**
 * Restart restarts the scenario that is loaded, wherever it came from: after a scenario opened from a
 * file, Restart brings back that file's own files and scenario, not the picker's shipped scenario.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pagePerTest } from "./page";
import { callByHand } from "./support";

let page: Page;
pagePerTest((p) => (page = p), { viewport: { width: 1280, height: 720 } });

const tree = (name: string) =>
  page.getByRole("list", { name: "Workspace files" }).getByText(name, { exact: true });

const scenario = {
  title: "From a file",
  workspace: { files: { "from-file.txt": "as the file has it\n" } },
  steps: [{ user: "Read from-file.txt" }],
};

describe("Restart after a scenario opened from a file", () => {
  it("restarts the file's scenario on the file's files", async () => {
    await page.getByText("Files and sharing", { exact: true }).click();
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      page.getByRole("button", { name: "Open scenario file" }).click(),
    ]);
    await chooser.setFiles({
      name: "from-a-file.scenario.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(scenario)),
    });
    await page.getByText("From a file:").first().waitFor();
    await tree("from-file.txt").waitFor();
    expect(
      await callByHand(page, "bash", { command: "echo changed > from-file.txt; cat from-file.txt" }),
    ).toBe("changed");

    await page.getByRole("tab", { name: "Scenario" }).click();
    await page.getByRole("button", { name: "Restart" }).click();
    // The file's scenario again, from its own files; the picker's shipped one did not come back.
    await expect
      .poll(() => callByHand(page, "bash", { command: "cat from-file.txt" }), { timeout: 15_000 })
      .toBe("as the file has it");
    await page.getByRole("tab", { name: "Scenario" }).click();
    await page.getByText("From a file:").first().waitFor();
    expect(await page.getByText("Three first prompts:").count()).toBe(0);
    await tree("from-file.txt").waitFor();
  });
});
