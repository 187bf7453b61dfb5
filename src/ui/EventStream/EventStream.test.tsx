import { calls, resetSeq } from "@state/session-events.fixture";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderWithSession } from "../test-support/render";
import { EventStream } from "./EventStream";

beforeEach(() => resetSeq());

const rows = () =>
  within(screen.getByRole("list", { name: "Session events" }))
    .getAllByRole("listitem")
    .map((li) => li.querySelector(".event-list__type")?.textContent);

describe("EventStream", () => {
  it("filters a long list by type and by call, and says how many it shows", async () => {
    // 150 calls of 8 events each: far more rows than the window draws.
    const { user } = renderWithSession(<EventStream />, { events: calls(150) });
    expect(screen.getByText("1,200 events")).toBeTruthy();
    // Only the rows in view are drawn, the newest while following.
    expect(rows().length).toBeLessThan(20);
    expect(rows().at(-1)).toBe("tool_execution_end");

    await user.selectOptions(screen.getByRole("combobox", { name: "Type" }), "call_done");
    expect(screen.getByText("150 of 1,200")).toBeTruthy();
    expect(new Set(rows())).toEqual(new Set(["call_done"]));

    await user.selectOptions(screen.getByRole("combobox", { name: "Call" }), "c149");
    expect(screen.getByText("1 of 1,200")).toBeTruthy();
    const [only] = within(screen.getByRole("list", { name: "Session events" })).getAllByRole("listitem");
    expect(only.textContent).toContain("c149");

    await user.selectOptions(screen.getByRole("combobox", { name: "Type" }), "");
    // The call's own events: its start, stages and end.
    expect(screen.getByText("5 of 1,200")).toBeTruthy();
  });

  it("a new event shows while following, and opening one shows it as JSON", async () => {
    const { user, feed } = renderWithSession(<EventStream />, { events: calls(2) });
    feed(calls(1, 2));
    expect(screen.getByText("24 events")).toBeTruthy();
    const last = within(screen.getByRole("list", { name: "Session events" }))
      .getAllByRole("button")
      .at(-1);
    if (!last) throw new Error("no rows");
    expect(last.textContent).toContain("c2");
    await user.click(last);
    expect(last.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText(/"type": "tool_execution_end"/)).toBeTruthy();
  });
});
