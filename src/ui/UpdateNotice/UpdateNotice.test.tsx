import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithSession } from "../test-support/render";
import { UpdateContext, UpdateNotice, type UpdateOffer } from "./UpdateNotice";

function fakeOffer() {
  const listeners = new Set<() => void>();
  let ready = false;
  let reloads = 0;
  const offer: UpdateOffer = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => ready,
    reload: () => {
      reloads += 1;
    },
  };
  return {
    offer,
    arrive: () =>
      act(() => {
        ready = true;
        for (const l of listeners) l();
      }),
    reloads: () => reloads,
  };
}

describe("UpdateNotice", () => {
  it("shows nothing until a new version waits, then reloads only on the learner's click", async () => {
    const fake = fakeOffer();
    const { user } = renderWithSession(
      <UpdateContext.Provider value={fake.offer}>
        <UpdateNotice />
      </UpdateContext.Provider>,
    );
    expect(screen.queryByText("A new version is ready")).toBeNull();
    fake.arrive();
    expect(screen.getByRole("status").textContent).toContain("A new version is ready");
    expect(fake.reloads()).toBe(0);
    await user.click(screen.getByRole("button", { name: "Reload" }));
    expect(fake.reloads()).toBe(1);
  });
});
