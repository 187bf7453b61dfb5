/**
 * Turns what the browser hands over (a drop, a file input, a folder picker) into Picked entries: a
 * workspace-relative path, and a `read` that is called only once the entry is known to fit the limits.
 * A drop's entries must be taken from the DataTransfer during the drop event; the walk comes after.
 */
import type { Picked } from "./share-handle";

const fileEntry = (path: string, file: File): Picked => ({
  path,
  kind: "file",
  size: file.size,
  read: async () => new Uint8Array(await file.arrayBuffer()),
});

/** Files from an input; a folder input (webkitdirectory) names each with its path inside the folder. */
export function pickedFromFiles(files: FileList | readonly File[]): Picked[] {
  return [...files].map((f) => fileEntry(f.webkitRelativePath || f.name, f));
}

/** The dropped items' entries, taken synchronously (the DataTransfer empties after the event). */
export function dropEntries(data: DataTransfer): { entries: FileSystemEntry[]; files: File[] } {
  const entries = [...data.items]
    .map((item) => (item.kind === "file" ? item.webkitGetAsEntry() : null))
    .filter((e): e is FileSystemEntry => e !== null);
  return { entries, files: [...data.files] };
}

/** Walks dropped entries: folders (empty ones too) and the files inside them, at their relative paths. */
export async function pickedFromDrop(dropped: {
  entries: FileSystemEntry[];
  files: File[];
}): Promise<Picked[]> {
  if (dropped.entries.length === 0) return pickedFromFiles(dropped.files);
  const out: Picked[] = [];
  const walk = async (entry: FileSystemEntry, path: string): Promise<void> => {
    if (entry.isFile) {
      const file = await new Promise<File>((resolve, reject) =>
        (entry as FileSystemFileEntry).file(resolve, reject),
      );
      out.push(fileEntry(path, file));
      return;
    }
    out.push({ path, kind: "dir" });
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    // readEntries answers in batches (100 in Chromium) until it answers with none.
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
        reader.readEntries(resolve, reject),
      );
      if (batch.length === 0) break;
      for (const child of batch) await walk(child, `${path}/${child.name}`);
    }
  };
  for (const entry of dropped.entries) await walk(entry, entry.name);
  return out;
}

interface DirectoryHandle {
  kind: "directory";
  name: string;
  values(): AsyncIterable<DirectoryHandle | { kind: "file"; name: string; getFile(): Promise<File> }>;
}

/** The folder picker where the browser has one (it also lists empty folders, which an input cannot). */
export function folderPicker(): (() => Promise<DirectoryHandle>) | null {
  const picker = (globalThis as { showDirectoryPicker?: () => Promise<DirectoryHandle> }).showDirectoryPicker;
  return picker ? () => picker.call(globalThis) : null;
}

export async function pickedFromDirectory(root: DirectoryHandle): Promise<Picked[]> {
  const out: Picked[] = [];
  const walk = async (dir: DirectoryHandle, path: string): Promise<void> => {
    out.push({ path, kind: "dir" });
    for await (const child of dir.values()) {
      const childPath = `${path}/${child.name}`;
      if (child.kind === "directory") await walk(child, childPath);
      else out.push(fileEntry(childPath, await child.getFile()));
    }
  };
  await walk(root, root.name);
  return out;
}
