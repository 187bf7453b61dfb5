// Its own file, so that just-bash is not loaded yet when the test starts (Vitest isolates module graphs per
// file): the abort has to land while the engine's chunk is still on its way.
import { expect, it } from "vitest";
import { createMemfsWorkspace } from "../workspace";
import { createMemfsBashOperations } from "./index";

it("ends a call aborted while the engine is still loading at once, without waiting for the load", async () => {
  const workspace = createMemfsWorkspace({});
  const ops = createMemfsBashOperations(workspace);
  let loaded = false;
  const load = ops.preload().then(() => {
    loaded = true;
  });
  const controller = new AbortController();
  const call = ops.exec("echo x > f.txt", workspace.root, { onData: () => {}, signal: controller.signal });
  setTimeout(() => controller.abort(), 0);
  await expect(call).rejects.toThrow(/^aborted$/);
  expect(loaded).toBe(false);
  await load;
  expect(workspace.fs.existsSync("/workspace/f.txt")).toBe(false);
});
