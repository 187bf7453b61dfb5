import type { FileContent } from "@agent/protocol";
import { ev, resetSeq } from "@state/session-events.fixture";
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderWithSession } from "../test-support/render";
import { FileEditor } from "./FileEditor";

beforeEach(() => resetSeq());

const reset = ev({ type: "workspace_reset", preset: "default", cwd: "/workspace", files: ["README.md"] });

/** The session's side of the file: what read_file answers, changed by the test as a tool would. */
function disk(text: string) {
  const file = { text };
  return { file, readFile: async (): Promise<FileContent> => ({ text: file.text }) };
}

describe("FileEditor (CodeMirror)", () => {
  it("shows the file, marks typing as unsaved, and Save sends write_file with the buffer", async () => {
    const { readFile } = disk("# Hello\n");
    const { user, sent } = renderWithSession(<FileEditor path="README.md" />, {
      events: [reset],
      session: { readFile },
    });
    const editor = await screen.findByRole("textbox", { name: "Contents of README.md" }, { timeout: 10_000 });
    expect(editor.textContent).toContain("# Hello");
    expect(screen.queryByText("unsaved")).toBeNull();
    await user.click(editor);
    await user.keyboard("Edited. ");
    await screen.findByText("unsaved");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: "write_file", path: "README.md" });
    if (sent[0].type !== "write_file") throw new Error("not a write");
    expect(sent[0].content).toContain("Edited. ");
    expect(sent[0].content).toContain("# Hello");
    await waitFor(() => expect(screen.queryByText("unsaved")).toBeNull());
  });

  it("when a tool changes the file under unsaved typing, asks which version to keep", async () => {
    const { file, readFile } = disk("one\n");
    const { user, sent, feed } = renderWithSession(<FileEditor path="README.md" />, {
      events: [reset],
      session: { readFile },
    });
    const editor = await screen.findByRole("textbox", { name: "Contents of README.md" }, { timeout: 10_000 });
    await user.click(editor);
    await user.keyboard("mine ");
    await screen.findByText("unsaved");
    // A tool writes the file: the tree hears of it, and the session now answers its text.
    file.text = "theirs\n";
    feed([
      ev({ type: "file_changed", change: "modify", path: "README.md", source: "tool", toolCallId: "c1" }),
    ]);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("A tool changed README.md since you started editing it");
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
    expect(editor.textContent).toContain("mine ");
    await user.click(screen.getByRole("button", { name: "Take the tool's version" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(editor.textContent).toBe("theirs");
    expect(screen.queryByText("unsaved")).toBeNull();
    expect(sent).toEqual([]);
  });
});
