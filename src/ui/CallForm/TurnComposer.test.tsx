import { ev, resetSeq } from "@state/session-events.fixture";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderWithSession } from "../test-support/render";
import { toolSet } from "../test-support/tools";
import { TurnComposer } from "./TurnComposer";

beforeEach(() => resetSeq());

const turn = () => screen.getByRole("form", { name: "Compose a turn by hand" });
const argsBoxes = () => within(turn()).getAllByRole("textbox", { name: "Arguments (JSON)" });

describe("TurnComposer", () => {
  it("sends the user's message, every call and the closing text as one run_turn", async () => {
    const { user, sent } = renderWithSession(<TurnComposer />, { events: [ev(toolSet())] });
    await user.type(within(turn()).getByRole("textbox", { name: "You (user)" }), "read two files");
    // A call not typed into starts from its tool's required parameters.
    expect(
      JSON.parse(argsBoxes()[0].getAttribute("value") ?? (argsBoxes()[0] as HTMLTextAreaElement).value),
    ).toEqual({ path: "" });
    await user.clear(argsBoxes()[0]);
    await user.type(argsBoxes()[0], '{{"path": "a.txt"}');
    await user.click(within(turn()).getByRole("button", { name: "Add a call" }));
    const second = within(turn()).getByRole("group", { name: "Call 2" });
    await user.selectOptions(within(second).getByRole("combobox", { name: "Tool" }), "write");
    await user.clear(argsBoxes()[1]);
    await user.type(argsBoxes()[1], '{{"path": "b.txt", "content": "hi"}');
    await user.type(within(turn()).getByRole("textbox", { name: "Model: closing text" }), "Done.");
    expect(within(turn()).getByText(/^Sends your message, then 2 calls \(read, write\)/)).toBeTruthy();
    await user.click(within(turn()).getByRole("button", { name: "Run the turn" }));
    expect(sent).toHaveLength(1);
    const [command] = sent;
    if (command.type !== "run_turn") throw new Error(`sent ${command.type}`);
    expect(command.user).toBe("read two files");
    expect(command.closingText).toBe("Done.");
    expect(command.calls.map((c) => [c.toolName, JSON.parse(c.args)])).toEqual([
      ["read", { path: "a.txt" }],
      ["write", { path: "b.txt", content: "hi" }],
    ]);
    expect(new Set(command.calls.map((c) => c.toolCallId)).size).toBe(2);
  });

  it("names the call whose JSON breaks, and sends nothing until it is mended", async () => {
    const { user, sent } = renderWithSession(<TurnComposer />, { events: [ev(toolSet())] });
    await user.click(within(turn()).getByRole("button", { name: "Add a call" }));
    await user.clear(argsBoxes()[1]);
    await user.type(argsBoxes()[1], "{{'path': 'x'}");
    expect(within(turn()).getByRole("alert").textContent).toMatch(
      /^Call 2 \(read\): This is not JSON: it breaks at line 1, column 2\. a property name in double quotes should come here\.$/,
    );
    expect((within(turn()).getByRole("button", { name: "Run the turn" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.keyboard("{Control>}{Enter}{/Control}");
    expect(sent).toEqual([]);
    // Removing the broken call mends the turn.
    await user.click(within(turn()).getByRole("button", { name: "Remove call 2" }));
    expect(within(turn()).queryByRole("alert")).toBeNull();
    await user.click(within(turn()).getByRole("button", { name: "Run the turn" }));
    expect(sent).toMatchObject([{ type: "run_turn", calls: [{ toolName: "read" }] }]);
  });

  it("fills in the two-edit example", async () => {
    const { user } = renderWithSession(<TurnComposer />, { events: [ev(toolSet())] });
    await user.click(
      within(turn()).getByRole("button", { name: "Fill in an example: two edits of one file" }),
    );
    expect(argsBoxes()).toHaveLength(2);
    expect(JSON.parse((argsBoxes()[1] as HTMLTextAreaElement).value)).toMatchObject({ path: "src/todo.ts" });
  });
});
