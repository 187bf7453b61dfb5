import { ev, resetSeq } from "@state/session-events.fixture";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderWithSession } from "../test-support/render";
import { READ, toolSet } from "../test-support/tools";
import { CallForm } from "./CallForm";

beforeEach(() => resetSeq());

const form = () => screen.getByRole("form", { name: "Call a tool by hand" });

describe("CallForm: one call", () => {
  it("fills the fields generated from the tool's schema and sends that call with those arguments", async () => {
    const { user, sent } = renderWithSession(<CallForm />, { events: [ev(toolSet())] });
    await user.type(within(form()).getByRole("textbox", { name: /^path\b/ }), "package.json");
    await user.type(within(form()).getByRole("textbox", { name: /^limit\b/ }), "3");
    await user.click(within(form()).getByRole("button", { name: "Run read" }));
    expect(sent).toHaveLength(1);
    const [command] = sent;
    expect(command).toMatchObject({ type: "run_tool_call", toolName: "read" });
    if (command.type !== "run_tool_call") throw new Error("not a call");
    expect(JSON.parse(command.args)).toEqual({ path: "package.json", limit: 3 });
    expect(command.toolCallId).toMatch(/^hand_/);
  });

  it("in Raw JSON, text that does not parse says where it breaks, and the call cannot be sent", async () => {
    const { user, sent } = renderWithSession(<CallForm />, { events: [ev(toolSet())] });
    await user.click(within(form()).getByRole("tab", { name: "Raw JSON" }));
    const box = within(form()).getByRole("textbox", { name: "Arguments (JSON)" });
    await user.clear(box);
    // user-event reads { and [ as key descriptors: doubled, they are typed as they are.
    await user.type(box, '{{\n  "path": "package.json",\n  "limit": 3,\n}');
    const alert = within(form()).getByRole("alert");
    expect(alert.textContent).toMatch(/breaks at line 3, column 13\b.*comma before "}"/);
    expect(box.getAttribute("aria-invalid")).toBe("true");
    const run = within(form()).getByRole("button", { name: "Run read" });
    expect((run as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard("{Control>}{Enter}{/Control}");
    expect(sent).toEqual([]);
    // Mended, it goes: the raw text is what is sent, so a schema-invalid call still reaches the pipeline.
    await user.clear(box);
    await user.type(box, '{{"path": "package.json", "limit": "many"}');
    expect(within(form()).queryByRole("alert")).toBeNull();
    await user.click(run);
    expect(sent).toMatchObject([
      { type: "run_tool_call", toolName: "read", args: '{"path": "package.json", "limit": "many"}' },
    ]);
  });

  it("picking another tool clears the form, and a tool that is off says so", async () => {
    const { user, sent } = renderWithSession(<CallForm />, { events: [ev(toolSet())] });
    await user.type(within(form()).getByRole("textbox", { name: /^path\b/ }), "a.txt");
    await user.selectOptions(within(form()).getByRole("combobox", { name: "Tool" }), "grep");
    expect(within(form()).getByText("off: pi will answer “Tool grep not found”")).toBeTruthy();
    await user.selectOptions(within(form()).getByRole("combobox", { name: "Tool" }), "read");
    expect((within(form()).getByRole("textbox", { name: /^path\b/ }) as HTMLInputElement).value).toBe("");
    expect(sent).toEqual([]);
  });
});

describe("CallForm: what the schema forbids", () => {
  it("sends a call with a required field empty: no native check stops it, the field only says required", async () => {
    const { user, sent } = renderWithSession(<CallForm />, { events: [ev(toolSet())] });
    const path = within(form()).getByRole("textbox", { name: /^path\b/ });
    expect(path.hasAttribute("required")).toBe(false);
    expect(path.getAttribute("aria-required")).toBe("true");
    expect((form() as HTMLFormElement).checkValidity()).toBe(true);
    await user.click(within(form()).getByRole("button", { name: "Run read" }));
    expect(sent).toMatchObject([{ type: "run_tool_call", toolName: "read", args: "{}" }]);
  });

  it("explains beside a list field why pi's error names item 0 of it", async () => {
    const edit = {
      ...READ,
      name: "edit",
      parameters: {
        type: "object",
        required: ["path", "edits"],
        properties: {
          path: { type: "string" },
          edits: { type: "array", items: { type: "object", properties: { oldText: { type: "string" } } } },
        },
      },
    };
    const { user } = renderWithSession(<CallForm />, { events: [ev(toolSet([READ, edit]))] });
    await user.selectOptions(within(form()).getByRole("combobox", { name: "Tool" }), "edit");
    expect(
      within(form()).getByText(/its error names edits\.0 \(for edit: “edits\.0: must be object”\)/),
    ).toBeTruthy();
  });
});
