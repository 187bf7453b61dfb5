/**
 * Pitfall 4 (docs/bash-engine.md §1.3): just-bash's Node-only defence-in-depth, on by default, blocks the
 * `process.cwd()` that memfs calls for every path. Its settings are a process-wide singleton (two configs
 * in one process throw), so this file is the only one that turns it on.
 */
import { describe, expect, it } from "vitest";
import { createMemfsWorkspace } from "../workspace";
import { createMemfsBashOperations } from "./index";

describe("defence-in-depth (Node only)", () => {
  it("with the library default, commands that touch memfs fail; so the engine turns it off", async () => {
    const workspace = createMemfsWorkspace({ "a.txt": "a\n" });
    const ops = createMemfsBashOperations(workspace, { defenseInDepth: true });
    let output = "";
    const { exitCode } = await ops.exec("cat a.txt", workspace.root, {
      onData: (d) => {
        output += new TextDecoder().decode(d);
      },
    });
    expect(exitCode).not.toBe(0);
    expect(output).toMatch(/process\.cwd|security violation/i);
    expect(output).not.toContain("a\n");
  });
});
