/**
 * Reading a pi session file (docs/pi-sessions.md): JSON Lines, a header line, then one entry per line
 * linked to its parent by id. The file arrives in pieces (a 30 MB file is read as a stream, off the
 * page's thread), so the reader takes text as it comes and keeps only the unfinished last line between
 * pieces. Nothing in the file runs: each line is parsed as JSON and looked at, that is all.
 *
 * A line that is not JSON or not an entry is skipped and counted with its number; the rest of the file
 * still reads. A header from a session format this page does not know ends the read with a sentence.
 */
import type { AgentMessage } from "../messages";

/** The session formats this reader knows: pi 0.73.1 and 1.6.0 both write version 3. */
export const KNOWN_SESSION_VERSIONS = [1, 2, 3] as const;

export interface PiSessionHeader {
  version: number;
  id: string;
  cwd: string;
  timestamp: string;
}

/** One entry of the file: its links, and its message when it is a message entry. */
export interface PiSessionEntry {
  id: string;
  parentId: string | null;
  type: string;
  message?: AgentMessage;
  /** the line it was on (from 1) */
  line: number;
  /** the entry on the lines before it, for a parent lost on a broken line */
  before?: PiSessionEntry;
}

export interface SkippedLine {
  line: number;
  reason: "notJson" | "notEntry" | "noMessage";
}

export interface PiSessionFile {
  header: PiSessionHeader | null;
  /** the entries on the branch the session ended on, root first */
  path: PiSessionEntry[];
  /** every entry the file holds, on any branch */
  entries: number;
  skipped: SkippedLine[];
  /** why the file cannot be shown, in a sentence that says what to do; null when it can */
  problem: string | null;
  /** the same as a code, for a page that words it in its own language */
  problemCode: "noHeader" | "unknownVersion" | null;
  /** the format version the header names (also an unknown one) */
  version: number | null;
}

/** The skipped lines kept by number (the count goes on past it): enough to find them in an editor. */
const SKIPPED_LISTED = 1000;

export class PiSessionReader {
  private rest = "";
  private line = 0;
  private header: PiSessionHeader | null = null;
  private problem: string | null = null;
  private problemCode: PiSessionFile["problemCode"] = null;
  private version: number | null = null;
  private readonly byId = new Map<string, PiSessionEntry>();
  private last: PiSessionEntry | null = null;
  private readonly skipped: SkippedLine[] = [];
  private skippedCount = 0;

  /** Takes the next piece of the file's text. */
  push(text: string): void {
    if (this.problem) return;
    const lines = (this.rest + text).split("\n");
    this.rest = lines.pop() ?? "";
    for (const line of lines) this.take(line);
  }

  /** The file as read, once its last piece was pushed. */
  finish(): PiSessionFile {
    if (this.rest) this.take(this.rest);
    this.rest = "";
    if (!this.problem && this.header === null) {
      this.problemCode = "noHeader";
      this.problem =
        "This file has no pi session header on its first line, so it is not a session file pi wrote. Open a .jsonl file from pi's sessions folder (~/.pi/agent/sessions).";
    }
    const path: PiSessionEntry[] = [];
    const seen = new Set<string>();
    for (let entry = this.last; entry && !seen.has(entry.id); entry = this.parentOf(entry)) {
      seen.add(entry.id);
      path.push(entry);
    }
    path.reverse();
    return {
      header: this.header,
      path: this.problem ? [] : path,
      entries: this.byId.size,
      skipped: this.skipped,
      problem: this.problem,
      problemCode: this.problemCode,
      version: this.version,
    };
  }

  /** Lines skipped so far (all of them, also past the ones listed by number). */
  get skippedLines(): number {
    return this.skippedCount;
  }

  private parentOf(entry: PiSessionEntry): PiSessionEntry | null {
    if (entry.parentId === null) return null;
    // A parent on a line that was skipped: the history goes on from the entry written before it, as pi
    // appends each entry after its parent.
    return this.byId.get(entry.parentId) ?? entry.before ?? null;
  }

  private skip(reason: SkippedLine["reason"]) {
    this.skippedCount++;
    if (this.skipped.length < SKIPPED_LISTED) this.skipped.push({ line: this.line, reason });
  }

  private take(text: string) {
    this.line++;
    if (this.problem || text.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return this.skip("notJson");
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) return this.skip("notEntry");
    const record = value as Record<string, unknown>;
    if (record.type === "session" && this.header === null) return this.readHeader(record);
    if (typeof record.id !== "string" || typeof record.type !== "string") return this.skip("notEntry");
    const parentId = typeof record.parentId === "string" ? record.parentId : null;
    const entry: PiSessionEntry = {
      id: record.id,
      parentId,
      type: record.type,
      line: this.line,
      ...(this.last ? { before: this.last } : {}),
    };
    if (record.type === "message") {
      const message = record.message as { role?: unknown } | undefined;
      if (typeof message !== "object" || message === null || typeof message.role !== "string")
        return this.skip("noMessage");
      entry.message = message as AgentMessage;
    }
    this.byId.set(entry.id, entry);
    this.last = entry;
  }

  private readHeader(record: Record<string, unknown>) {
    // Version 1 files had no version field.
    const version = typeof record.version === "number" ? record.version : 1;
    this.version = version;
    if (!(KNOWN_SESSION_VERSIONS as readonly number[]).includes(version)) {
      this.problemCode = "unknownVersion";
      this.problem = `This session file is format version ${version}; the page reads versions ${KNOWN_SESSION_VERSIONS[0]} to ${KNOWN_SESSION_VERSIONS.at(-1)} (what pi 0.73.1 and 1.6.0 write). A newer pi wrote it: open it in that pi, or record the session with pi 1.6.0.`;
      return;
    }
    this.header = {
      version,
      id: String(record.id ?? ""),
      cwd: String(record.cwd ?? ""),
      timestamp: String(record.timestamp ?? ""),
    };
  }
}

/** The whole file's text at once (tests, small files). */
export function readPiSession(text: string): PiSessionFile {
  const reader = new PiSessionReader();
  reader.push(text);
  return reader.finish();
}
