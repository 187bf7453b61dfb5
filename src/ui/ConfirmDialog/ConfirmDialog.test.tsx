import { act, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { renderWithSession } from "../test-support/render";
import { ConfirmDialog } from "./ConfirmDialog";

beforeAll(() => {
  // jsdom has the element but not its modal methods: open is what they set.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

describe("the confirm dialog's lists", () => {
  it("names every file added, changed and removed, with counts that are the lists' lengths", async () => {
    const r = renderWithSession(<ConfirmDialog />);
    const changed = Array.from({ length: 30 }, (_, i) => `src/f${String(i).padStart(2, "0")}.ts`);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = r.handles.confirmations.ask({
        title: "Open?",
        text: "t",
        confirm: "yes",
        cancel: "no",
        changes: { added: ["a/b/c.txt"], changed, removed: [] },
      });
    });
    const added = screen.getByRole("list", { name: "Added (1)" });
    expect(
      within(added)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["a/b/c.txt"]);
    const all = screen.getByRole("list", { name: "Changed (30)" });
    expect(within(all).getAllByRole("listitem")).toHaveLength(30);
    expect(screen.queryByRole("list", { name: /Removed/ })).toBeNull();
    await r.user.click(screen.getByRole("button", { name: "no" }));
    expect(await answer).toBe(false);
  });

  it("shows each offered tool's code folded, before anything is accepted", async () => {
    const r = renderWithSession(<ConfirmDialog />);
    act(() => {
      void r.handles.confirmations.ask({
        title: "Open?",
        text: "t",
        confirm: "yes",
        cancel: "no",
        changes: { added: [], changed: [], removed: [] },
        code: [{ name: "wc", source: "export default function (pi) { pi.registerTool(x); }" }],
      });
    });
    expect(screen.getByText("No file changes.")).toBeTruthy();
    const summary = screen.getByText("wc: show its code");
    const details = summary.closest("details") as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await r.user.click(summary);
    expect(details.open).toBe(true);
    expect(within(details).getByText(/pi\.registerTool\(x\)/)).toBeTruthy();
  });
});
