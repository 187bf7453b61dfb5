import type { SessionEventBody } from "@agent/events";
import { ev, resetSeq } from "@state/session-events.fixture";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderWithSession } from "../test-support/render";
import { assistantSays, callEnds, callStarts, userSays } from "../test-support/turns";
import { Transcript } from "./Transcript";

beforeEach(() => resetSeq());

const transcript = () => screen.getByRole("list", { name: "Transcript" });

describe("Transcript", () => {
  it("shows a tool call running, then its result, from the session's events", async () => {
    const { feed } = renderWithSession(<Transcript />);
    expect(screen.queryByRole("list", { name: "Transcript" })).toBeNull(); // the intro, before any run
    feed([
      ...userSays("read the first lines of package.json"),
      ...callStarts("c1", { path: "package.json", limit: 5 }),
    ]);
    const call = transcript().querySelector<HTMLElement>('.call[data-call="c1"]');
    if (!call) throw new Error("the call is not shown");
    expect(within(call).getByText("read")).toBeTruthy();
    expect(within(call).getByText("running")).toBeTruthy();
    expect(JSON.parse(within(call).getByLabelText("Arguments of c1").textContent ?? "")).toEqual({
      path: "package.json",
      limit: 5,
    });
    expect(transcript().querySelector(".msg--result")).toBeNull();

    feed([...callEnds("c1", '{\n  "name": "tiny-todo",'), ...assistantSays("It is called tiny-todo.")]);
    expect(within(call).getByText("done")).toBeTruthy();
    const result = transcript().querySelector<HTMLElement>('.msg--result[data-call="c1"]');
    expect(result?.textContent).toContain('"name": "tiny-todo"');
    expect(result?.classList.contains("msg--error")).toBe(false);
    expect(transcript().textContent).toContain("It is called tiny-todo.");
    expect([...transcript().children].map((li) => li.className.split(" ")[1])).toEqual([
      "msg--user",
      "msg--assistant",
      "msg--result",
      "msg--assistant",
    ]);
  });

  it("marks a failed call and its result as errors, and highlights a call when its id is clicked", async () => {
    const { feed, user, handles } = renderWithSession(<Transcript />);
    feed([...callStarts("c1", { path: "missing.txt" }), ...callEnds("c1", "ENOENT: no such file", true)]);
    expect(within(transcript()).getByText("error")).toBeTruthy();
    expect(transcript().querySelector(".msg--result")?.classList.contains("msg--error")).toBe(true);
    const [idButton] = within(transcript()).getAllByRole("button", { name: "c1" });
    await user.click(idButton);
    expect(handles.selection.getSnapshot().callId).toBe("c1");
    expect(idButton.getAttribute("aria-pressed")).toBe("true");
  });

  it("draws the newest entries of a long conversation, and Show earlier brings the rest", async () => {
    const { feed, user } = renderWithSession(<Transcript />);
    // 130 entries, a few at a time (no burst): the newest 100 are drawn.
    for (let i = 0; i < 65; i++) feed([...userSays(`question ${i}`), ...assistantSays(`answer ${i}`)]);
    expect(transcript().children).toHaveLength(100);
    expect(screen.getByText("Entries 31–130 of 130.")).toBeTruthy();
    expect(transcript().lastElementChild?.textContent).toContain("answer 64");
    await user.click(screen.getByRole("button", { name: "Show 30 earlier" }));
    expect(transcript().children).toHaveLength(130);
    expect(transcript().firstElementChild?.textContent).toContain("question 0");
  });

  it("draws the first 50 calls of a reply of 300, says how many are left, and draws more on demand", async () => {
    const { feed, user } = renderWithSession(<Transcript />);
    const content = Array.from({ length: 300 }, (_, i) => ({
      type: "toolCall",
      id: `w${i + 1}`,
      name: "read",
      arguments: { path: "a.txt" },
    }));
    const message = {
      role: "assistant",
      content,
      api: "playground",
      provider: "scripted",
      model: "scripted",
    };
    const reply = { ...message, stopReason: "toolUse", timestamp: 1 };
    feed([
      ev({ type: "message_start", message: { ...reply, content: [] } } as unknown as SessionEventBody),
      ev({ type: "message_end", message: reply } as unknown as SessionEventBody),
    ]);
    const calls = () => transcript().querySelectorAll(".call");
    expect(calls()).toHaveLength(50);
    expect(screen.getByText(/^250 more calls in this reply are not drawn here/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Show 200 more" }));
    expect(calls()).toHaveLength(250);
    await user.click(screen.getByRole("button", { name: "Show 50 more" }));
    expect(calls()).toHaveLength(300);
    expect(screen.queryByText(/more calls in this reply/)).toBeNull();
  });
});
