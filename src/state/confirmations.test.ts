import { describe, expect, it } from "vitest";
import { createConfirmations } from "./confirmations";
import { createUnsavedEdits } from "./unsaved-edits";

const question = { title: "Restart?", text: "Edits are lost.", confirm: "Restart", cancel: "Keep editing" };

describe("confirmations", () => {
  it("shows one question at a time and resolves with the answer", async () => {
    const c = createConfirmations();
    const first = c.ask(question);
    expect(c.getSnapshot()).toEqual(question);
    // A second question answers the first one "no" (nothing happens behind the learner's back).
    const second = c.ask({ ...question, title: "Reset?" });
    await expect(first).resolves.toBe(false);
    expect(c.getSnapshot()).toMatchObject({ title: "Reset?" });
    c.answer(true);
    await expect(second).resolves.toBe(true);
    expect(c.getSnapshot()).toBeNull();
  });
});

describe("a question with a third way", () => {
  it("resolves with the button chosen; Esc or a newer question is cancel", async () => {
    const c = createConfirmations();
    const third = { ...question, alternative: "Open as a new workspace" };
    const first = c.choose(third);
    c.answer("alternative");
    await expect(first).resolves.toBe("alternative");
    const second = c.choose(third);
    c.answer(true);
    await expect(second).resolves.toBe("confirm");
    const third2 = c.choose(third);
    const plain = c.ask(question);
    await expect(third2).resolves.toBe("cancel");
    c.answer("alternative");
    // ask() on a question answered by its third button is not a yes.
    await expect(plain).resolves.toBe(false);
  });
});

describe("unsaved edits", () => {
  it("lists the paths with unsaved typing", () => {
    const u = createUnsavedEdits();
    u.mark("a.txt", true);
    u.mark("a.txt", true);
    u.mark("b.txt", true);
    expect(u.getSnapshot()).toEqual(["a.txt", "b.txt"]);
    u.mark("a.txt", false);
    expect(u.getSnapshot()).toEqual(["b.txt"]);
  });
});
