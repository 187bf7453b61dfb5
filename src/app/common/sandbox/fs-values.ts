/**
 * node:fs/promises answers as data. A Buffer would arrive in the sandbox as a bare Uint8Array, and a
 * Stats or Dirent without its methods (`isFile()`), which tool code calls; so the host tags them and the
 * sandbox builds them again (src/app/sandbox/remote-fs.ts). Everything else is plain already.
 */

const KINDS = [
  "isFile",
  "isDirectory",
  "isSymbolicLink",
  "isBlockDevice",
  "isCharacterDevice",
  "isFIFO",
  "isSocket",
] as const;

export type EntryKinds = Partial<Record<(typeof KINDS)[number], boolean>>;

export type FsValue =
  | { $fs: "bytes"; data: Uint8Array }
  | { $fs: "stats"; fields: Record<string, unknown>; kinds: EntryKinds }
  | { $fs: "dirent"; fields: Record<string, unknown>; kinds: EntryKinds };

function kindsOf(value: Record<string, unknown>): EntryKinds {
  const kinds: EntryKinds = {};
  for (const kind of KINDS)
    if (typeof value[kind] === "function") kinds[kind] = Boolean((value[kind] as () => boolean).call(value));
  return kinds;
}

function plainFields(value: object): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value))
    if (typeof field !== "function" && typeof field !== "object") fields[key] = field;
    else if (field instanceof Date) fields[key] = field;
  return fields;
}

/** A host-side answer made ready to cross: Buffers, Stats and Dirents tagged, arrays walked. */
export function encodeFsValue(value: unknown): unknown {
  if (value instanceof Uint8Array) return { $fs: "bytes", data: new Uint8Array(value) } satisfies FsValue;
  if (Array.isArray(value)) return value.map(encodeFsValue);
  if (typeof value !== "object" || value === null) return value;
  const record = value as Record<string, unknown>;
  if (typeof record.isFile !== "function") return value;
  const $fs = "mtimeMs" in record || "size" in record ? "stats" : "dirent";
  return { $fs, fields: plainFields(record), kinds: kindsOf(record) } satisfies FsValue;
}

export function isFsValue(value: unknown): value is FsValue {
  return typeof value === "object" && value !== null && "$fs" in value;
}

export const ENTRY_KINDS = KINDS;
