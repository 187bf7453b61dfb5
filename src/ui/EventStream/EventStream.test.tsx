import { calls, ev, resetSeq } from "@state/session-events.fixture";
import { act, screen, within } from "@testing-library/react";
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

describe("EventStream keeps following the newest events", () => {
  /** jsdom lays nothing out: the box gets a height, and its content the list's height, as a browser would. */
  function layOut(box: HTMLElement) {
    const list = box.querySelector("ol") as HTMLElement;
    Object.defineProperty(box, "clientHeight", { configurable: true, get: () => 240 });
    Object.defineProperty(box, "scrollHeight", {
      configurable: true,
      get: () => Math.max(240, Number.parseFloat(list.style.height)),
    });
  }

  it("when the list grew before the scroll event of the page's own scroll to the end arrived", async () => {
    const { feed, container } = renderWithSession(<EventStream />, { events: calls(2) });
    const box = container.querySelector<HTMLElement>(".events__scroll");
    if (!box) throw new Error("no scroll box");
    layOut(box);
    // Following: the page scrolls the box to the end of its 16 rows...
    box.scrollTop = box.scrollHeight - box.clientHeight;
    // ...and before that scroll's event is dispatched (the next frame), a batch of events is drawn.
    feed(calls(20, 2));
    act(() => {
      box.dispatchEvent(new Event("scroll"));
    });
    // No reader touched the box: it is still at the newest events, and stays there as more arrive.
    feed(calls(1, 22));
    expect(rows().at(-1)).toBe("tool_execution_end");
    const last = within(screen.getByRole("list", { name: "Session events" }))
      .getAllByRole("listitem")
      .at(-1);
    expect(last?.textContent).toContain("c22");
  });

  it("stops following when the reader scrolls up, and the drawn rows stay where they read", async () => {
    const { feed, container, user } = renderWithSession(<EventStream />, { events: calls(20) });
    const box = container.querySelector<HTMLElement>(".events__scroll");
    if (!box) throw new Error("no scroll box");
    layOut(box);
    await user.pointer({ keys: "[MouseLeft]", target: box }); // the reader's hand on the box
    box.scrollTop = 0;
    act(() => {
      box.dispatchEvent(new Event("scroll"));
    });
    feed(calls(5, 20));
    expect(rows()[0]).toBe("message_start");
    expect(
      within(screen.getByRole("list", { name: "Session events" })).getAllByRole("listitem")[0].textContent,
    ).toContain("1");
    expect(screen.getByText("200 events")).toBeTruthy();
    expect(screen.getByRole("list", { name: "Session events" }).textContent).not.toContain("c24");
  });
});

describe("EventStream after a restart", () => {
  it("starts clean at the last session_cleared, and shows every run when asked", async () => {
    const cleared = ev({ type: "session_cleared" } as never);
    const { user } = renderWithSession(<EventStream />, { events: [...calls(2), cleared, ...calls(1, 2)] });
    // This run: the start over and one call's 8 events; the 16 before it are one choice away.
    expect(screen.getByText(/^9 events · 16 earlier events, before the last restart/)).toBeTruthy();
    await user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "all");
    expect(screen.getByText("25 events")).toBeTruthy();
  });

  it("keeps the session's start in view when the start over cleared no run", () => {
    const ready = ev({ type: "drill_changed", drill: "off" });
    const cleared = ev({ type: "session_cleared" } as never);
    renderWithSession(<EventStream />, { events: [ready, cleared, ...calls(1)] });
    expect(screen.getByText("10 events")).toBeTruthy();
  });
});
