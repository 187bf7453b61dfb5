import type { BackendPick, BackendPicker as Picker } from "@state/backend-pick";
import { ev, resetSeq } from "@state/session-events.fixture";
import { createStore, immediate } from "@state/store";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderWithSession } from "../test-support/render";
import { BackendPicker } from "./BackendPicker";

beforeEach(() => resetSeq());

function picker() {
  const picks: [string, string[] | undefined][] = [];
  const backends: Picker = {
    status: createStore<BackendPick>({ status: "idle" }, immediate),
    pick: async (backend, tools) => {
      picks.push([backend, tools]);
    },
  };
  return { backends, picks };
}

const ready = ev({ type: "session_ready", backend: "memfs", cwd: "/workspace", files: [] });
const radio = (name: RegExp) => screen.getByRole("radio", { name }) as HTMLInputElement;

describe("BackendPicker", () => {
  it("checks the radio of the kind the session reports, not of what the backend's id starts with", () => {
    const { backends } = picker();
    const page = renderWithSession(<BackendPicker />, { events: [ready] });
    expect(screen.queryByRole("radio")).toBeNull(); // not offered: the feature is absent
    page.unmount();
    renderWithSession(<BackendPicker />, {
      events: [
        ready,
        ev({
          type: "backend_changed",
          backend: "webcontainer (fake)",
          cwd: "/workspace",
          kind: "webcontainer",
        }),
      ],
      handles: { backends },
    });
    expect(radio(/^WebContainer/).checked).toBe(true);
    expect(radio(/^memfs/).checked).toBe(false);
    expect(screen.getByRole("status").textContent).toContain("webcontainer (fake)");
  });

  it("asks for bash alone in the container only when the box is ticked, and never for memfs", async () => {
    const { backends, picks } = picker();
    const { user } = renderWithSession(<BackendPicker />, { events: [ready], handles: { backends } });
    expect(radio(/^memfs/).checked).toBe(true);
    await user.click(screen.getByRole("checkbox", { name: /Only bash/ }));
    await user.click(radio(/^WebContainer/));
    expect(picks).toEqual([["webcontainer", ["bash"]]]);
  });
});
