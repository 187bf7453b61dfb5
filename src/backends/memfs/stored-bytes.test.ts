// What memfs stores (a Node Buffer here, in Node) against a plain Uint8Array (what the browser's buffer
// port amounts to for these functions: it has no native decoder).
import { describe, expect, it } from "vitest";
import { latin1 } from "./bash/encoding";
import { asMemfsBuffer, nativeLatin1, readStored } from "./stored-bytes";
import { createMemfsWorkspace } from "./workspace";

const scratch = createMemfsWorkspace({});
const text = (workspace: ReturnType<typeof createMemfsWorkspace>, path: string) =>
  new TextDecoder().decode(readStored(workspace, path));
/** The bytes as memfs stores them (a Node Buffer in Node, with its native decoders). */
function stored(bytes: Uint8Array): Uint8Array {
  scratch.fs.writeFileSync("/scratch", bytes);
  const buffer = scratch.fs.readFileSync("/scratch") as Uint8Array;
  expect(typeof (buffer as unknown as { latin1Slice?: unknown }).latin1Slice).toBe("function");
  return buffer;
}

describe("stored bytes: platform decoding gives the portable results", () => {
  it("gives one char per byte for latin1, natively or not, for every byte value", () => {
    const all = Uint8Array.from({ length: 512 }, (_, i) => i % 256);
    const expected = String.fromCharCode(...all);
    expect(nativeLatin1(stored(all))).toBe(expected);
    expect(nativeLatin1(all)).toBeUndefined();
    expect(latin1(all)).toBe(expected);
    expect(latin1(stored(all))).toBe(expected);
    const ascii = new TextEncoder().encode("plain ASCII\n".repeat(10));
    expect(latin1(ascii)).toBe("plain ASCII\n".repeat(10));
  });

  it("reads the current content after writes, in place and not, and keeps readFileSync's errors", () => {
    const workspace = createMemfsWorkspace({ "a.txt": "héllo\n", "d/x": "" });
    const { fs } = workspace;
    expect(text(workspace, "/workspace/a.txt")).toBe("héllo\n");
    const fd = fs.openSync("/workspace/a.txt", "r+");
    fs.writeSync(fd, "H");
    fs.closeSync(fd);
    expect(text(workspace, "/workspace/a.txt")).toBe("Héllo\n");
    fs.writeFileSync("/workspace/a.txt", "new");
    expect(text(workspace, "/workspace/a.txt")).toBe("new");
    fs.symlinkSync("/workspace/a.txt", "/workspace/link");
    expect(text(workspace, "/workspace/link")).toBe("new");
    expect(() => readStored(workspace, "/workspace/missing")).toThrow(/ENOENT/);
    expect(() => readStored(workspace, "/workspace/d")).toThrow(/EISDIR/);
    expect(() => readStored(workspace, "/workspace/a.txt/")).toThrow(/ENOTDIR/);
    fs.chmodSync("/workspace/a.txt", 0);
    expect(() => readStored(workspace, "/workspace/a.txt")).toThrow(/EACCES/);
  });

  it("hands bytes to memfs as its own Buffer over the same memory, and memfs stores a copy", () => {
    const workspace = createMemfsWorkspace({});
    const bytes = new TextEncoder().encode("0123456789");
    const view = asMemfsBuffer(workspace, bytes.subarray(2, 6));
    expect(view.constructor).toBe(stored(bytes).constructor);
    expect(view.constructor).not.toBe(Uint8Array);
    expect(view.buffer).toBe(bytes.buffer);
    expect([...view]).toEqual([...bytes.subarray(2, 6)]);
    workspace.fs.writeFileSync("/f", view);
    bytes.fill(0x78);
    expect(String(workspace.fs.readFileSync("/f", "utf8"))).toBe("2345");
  });
});
