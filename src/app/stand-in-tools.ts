/**
 * Stand-in tools over the memfs workspace, used until the real ones (`createAllToolDefinitions` from
 * @core/tools/index with `createMemfsToolOptions`) land: same names, schemas' outline and queueing, much
 * less behaviour. They let the session, the scenarios and their tests run end to end meanwhile.
 */

import type { MemfsWorkspace } from "@backends/memfs/workspace";
import type { FileMutationQueue } from "@core/file-mutation-queue";
import type { AnyToolDefinition } from "@core/tools/types";
import { Type } from "typebox";

const text = (t: string) => ({ content: [{ type: "text" as const, text: t }], details: {} });

export function createStandInTools(ws: MemfsWorkspace, queue: FileMutationQueue): AnyToolDefinition[] {
  const abs = (p: string) => (p.startsWith("/") ? p : `${ws.root}/${p}`);
  const read = (p: string) => {
    try {
      return String(ws.fs.readFileSync(abs(p), "utf8"));
    } catch {
      throw new Error(`ENOENT: no such file or directory, access '${abs(p)}'`);
    }
  };
  return [
    {
      name: "read",
      label: "read",
      description: "Read the contents of a file.",
      promptSnippet: "Read file contents",
      promptGuidelines: ["Use read to examine files instead of cat or sed."],
      parameters: Type.Object({
        path: Type.String({ description: "Path to the file to read (relative or absolute)" }),
        offset: Type.Optional(Type.Number({ description: "Line number to start reading from (1-indexed)" })),
        limit: Type.Optional(Type.Number({ description: "Maximum number of lines to read" })),
      }),
      async execute(_id, p: { path: string; offset?: number; limit?: number }) {
        const lines = read(p.path).split("\n");
        const start = Math.max(0, (p.offset ?? 1) - 1);
        return text(lines.slice(start, p.limit === undefined ? undefined : start + p.limit).join("\n"));
      },
    },
    {
      name: "bash",
      label: "bash",
      description: "Execute a bash command in the current working directory.",
      promptSnippet: "Execute bash commands (ls, grep, find, etc.)",
      parameters: Type.Object({
        command: Type.String({ description: "Bash command to execute" }),
        timeout: Type.Optional(
          Type.Number({ description: "Timeout in seconds (optional, no default timeout)" }),
        ),
      }),
      async execute(_id, p: { command: string }, signal) {
        if (/sleep|while true/.test(p.command)) {
          await new Promise<void>((resolve) => {
            if (signal?.aborted) resolve();
            signal?.addEventListener("abort", () => resolve());
          });
          throw new Error("Command aborted");
        }
        const echo = /^echo (.*)$/.exec(p.command);
        if (echo) return text(`${echo[1]}\n`);
        throw new Error(`(stand-in bash) not supported: ${p.command}\n\nCommand exited with code 127`);
      },
    },
    {
      name: "edit",
      label: "edit",
      description: "Edit a file by replacing exact text.",
      promptSnippet:
        "Make precise file edits with exact text replacement, including multiple disjoint edits in one call",
      parameters: Type.Object(
        {
          path: Type.String({ description: "Path to the file to edit (relative or absolute)" }),
          edits: Type.Array(
            Type.Object(
              {
                oldText: Type.String({ description: "Exact text" }),
                newText: Type.String({ description: "Replacement" }),
              },
              { additionalProperties: false },
            ),
            { description: "One or more targeted replacements" },
          ),
        },
        { additionalProperties: false },
      ),
      async execute(id, p: { path: string; edits: { oldText: string; newText: string }[] }) {
        return queue.run(
          abs(p.path),
          async () => {
            let content = read(p.path);
            for (const e of p.edits) {
              if (!content.includes(e.oldText))
                throw new Error(`Could not find the exact text in ${p.path}.`);
              content = content.replace(e.oldText, e.newText);
            }
            await new Promise((r) => setTimeout(r, 5));
            ws.fs.writeFileSync(abs(p.path), content);
            return text(`Successfully replaced ${p.edits.length} block(s) in ${p.path}.`);
          },
          id,
        );
      },
    },
    {
      name: "write",
      label: "write",
      description: "Write content to a file.",
      promptSnippet: "Create or overwrite files",
      promptGuidelines: ["Use write only for new files or complete rewrites."],
      parameters: Type.Object({
        path: Type.String({ description: "Path to the file to write (relative or absolute)" }),
        content: Type.String({ description: "Content to write to the file" }),
      }),
      async execute(id, p: { path: string; content: string }) {
        return queue.run(
          abs(p.path),
          async () => {
            ws.fs.mkdirSync(abs(p.path).replace(/\/[^/]*$/, "") || "/", { recursive: true });
            ws.fs.writeFileSync(abs(p.path), p.content);
            return text(`Successfully wrote ${p.content.length} bytes to ${p.path}`);
          },
          id,
        );
      },
    },
    {
      name: "grep",
      label: "grep",
      description: "Search file contents for a pattern.",
      promptSnippet: "Search file contents for patterns (respects .gitignore)",
      parameters: Type.Object({ pattern: Type.String({ description: "Search pattern" }) }),
      async execute(_id, p: { pattern: string }) {
        const hits: string[] = [];
        const walk = (dir: string) => {
          for (const name of (ws.fs.readdirSync(dir) as string[]).sort()) {
            const path = `${dir}/${name}`;
            if (ws.fs.statSync(path).isDirectory()) walk(path);
            else
              String(ws.fs.readFileSync(path, "utf8"))
                .split("\n")
                .forEach((line, i) => {
                  if (line.includes(p.pattern))
                    hits.push(`${path.slice(ws.root.length + 1)}:${i + 1}: ${line}`);
                });
          }
        };
        walk(ws.root);
        return text(hits.length ? hits.join("\n") : "No matches found");
      },
    },
  ];
}
