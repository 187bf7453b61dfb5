/**
 * One conversation for both sides of the model oracle: a prompt, then the model reads a file, writes it
 * back changed, and answers. The turns are what the mock provider streams; the tool-call arguments
 * arrive in several pieces, as a real model sends them.
 */
import type { MockTurn } from "../mock-provider/server";

export const PROMPT = "Read notes.md, upper-case its first line and write it back.";
export const FILES = { "notes.md": "hello world\nsecond line\n" };
/** The tools pi 0.73.1 declares by default, in its order; the session also runs a hidden one (ls). */
export const DECLARED = ["read", "bash", "edit", "write"];
export const HIDDEN = ["ls"];

/** Both sides get this system prompt verbatim: rendering it is tested by the prompt tests, not here. */
export const SYSTEM_PROMPT =
  "You are an expert coding assistant operating inside pi, a coding agent harness.\n\n" +
  "Available tools:\n- read: Read file contents\n- bash: Execute bash commands\n" +
  "- edit: Make precise file edits\n- write: Create or overwrite files";

export const API_KEY = "sk-mock-oracle-key-0123456789";
export const SESSION_ID = "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

export function turns(idPrefix: string): MockTurn[] {
  return [
    {
      blocks: [
        { type: "text", text: "I'll read the file first.", pieces: ["I'll read ", "the file first."] },
        { type: "toolCall", id: `${idPrefix}_1`, name: "read", pieces: ['{"pa', 'th": "no', 'tes.md"}'] },
      ],
    },
    {
      blocks: [
        {
          type: "toolCall",
          id: `${idPrefix}_2`,
          name: "write",
          pieces: ['{"path": "notes.md", ', '"content": "HELLO WORLD\\n', 'second line\\n"}'],
        },
      ],
    },
    {
      blocks: [
        {
          type: "text",
          text: "Done: the first line is upper-case now.",
          pieces: ["Done: the first", " line is upper-case now."],
        },
      ],
    },
  ];
}
