/**
 * node:fs/promises in the sandbox: each method asks the host, which runs it on the workspace's volume
 * (the session's, or an exercise's own). The answer's Buffers, Stats and Dirents are built again here,
 * so tool code reads them as it would in pi; a workspace error keeps its `code`.
 */
// The npm port (the trailing slash), not Node's built-in: the sandbox is a browser worker.
import { Buffer } from "buffer/";
import { ENTRY_KINDS, type EntryKinds, isFsValue } from "../common/sandbox/fs-values";
import { FS_METHODS } from "../common/sandbox/protocol";
import type { RpcPeer } from "../common/sandbox/rpc";

function withKinds(fields: Record<string, unknown>, kinds: EntryKinds) {
  const out: Record<string, unknown> = { ...fields };
  for (const kind of ENTRY_KINDS) out[kind] = () => kinds[kind] === true;
  return out;
}

export function decodeFsValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeFsValue);
  if (!isFsValue(value)) return value;
  if (value.$fs === "bytes")
    return Buffer.from(value.data.buffer as ArrayBuffer, value.data.byteOffset, value.data.byteLength);
  return withKinds(value.fields, value.kinds);
}

/** A signal cannot cross (and the host's call has its own): dropped from an options argument. */
function sendable(arg: unknown): unknown {
  if (typeof arg !== "object" || arg === null || Array.isArray(arg) || ArrayBuffer.isView(arg)) return arg;
  const { signal: _signal, ...rest } = arg as Record<string, unknown>;
  return rest;
}

const unavailable = (name: string) => () => {
  throw new Error(
    `fs.${name} is not available in the playground: use readFile, writeFile, readdir, stat and the other whole-file methods.`,
  );
};

export function createRemoteFs(peer: () => RpcPeer): Record<string, unknown> {
  const fs: Record<string, unknown> = {
    constants: { F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1, COPYFILE_EXCL: 1 },
    open: unavailable("open"),
    opendir: unavailable("opendir"),
    watch: unavailable("watch"),
  };
  for (const method of FS_METHODS)
    fs[method] = async (...args: unknown[]) =>
      decodeFsValue(await peer().call("fs", { method, args: args.map(sendable) }));
  fs.default = fs;
  return fs;
}
