/**
 * The workspace as a .zip: text and binary files as they are, an empty folder as a `name/` entry, and a
 * symlink as most Unix zip tools store one (an entry whose Unix mode says "link" and whose content is
 * the target), so `unzip` on Linux or macOS makes it a link again and this page's import does too.
 */
import type { ScenarioFiles } from "@agent/scenario";
import { base64Decode, utf8Encode } from "@core/bytes";
import { type Zippable, zipSync } from "fflate";

const UNIX = 3;
const FILE_MODE = (0o100644 << 16) >>> 0;
const DIR_MODE = ((0o040755 << 16) | 0x10) >>> 0;
const LINK_MODE = (0o120777 << 16) >>> 0;
// A fixed date keeps the archive the same bytes for the same files (zip stores local time, from 1980).
const MTIME = new Date(2000, 0, 1);

export function writeZip(files: ScenarioFiles): Uint8Array {
  const zippable: Zippable = {};
  for (const path of Object.keys(files).sort()) {
    const spec = files[path];
    const common = { os: UNIX, mtime: MTIME };
    if (typeof spec === "string") zippable[path] = [utf8Encode(spec), { ...common, attrs: FILE_MODE }];
    else if ("base64" in spec) zippable[path] = [base64Decode(spec.base64), { ...common, attrs: FILE_MODE }];
    else if ("symlink" in spec)
      zippable[path] = [utf8Encode(spec.symlink), { ...common, attrs: LINK_MODE, level: 0 }];
    else zippable[`${path}/`] = [new Uint8Array(0), { ...common, attrs: DIR_MODE, level: 0 }];
  }
  return zipSync(zippable, { level: 6 });
}

/** The name an exported workspace downloads as. */
export function zipFileName(now: Date): string {
  return `pi-playground-workspace-${now.toISOString().slice(0, 19).replace(/[:T]/g, "-")}.zip`;
}
