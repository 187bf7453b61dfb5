import type { FilesMap } from "@backends/memfs/workspace";

/**
 * The workspace a learner starts in: a small TypeScript project with something for every tool to find
 * (package.json to read, src/ to grep and find, an AGENTS.md for the prompt's project context, and a skill).
 */
export const DEFAULT_WORKSPACE: FilesMap = {
  "package.json": `{
  "name": "tiny-todo",
  "version": "0.3.0",
  "type": "module",
  "scripts": {
    "build": "tsc -p .",
    "test": "node --test dist/"
  },
  "devDependencies": {
    "typescript": "^5.9.0"
  }
}
`,
  "README.md": `# tiny-todo

A to-do list in a few dozen lines of TypeScript, used by the Pi Tool Playground as a workspace to explore.

- \`src/todo.ts\`: the list and its operations
- \`src/format.ts\`: how a list is printed
- \`src/index.ts\`: a small demo
`,
  "AGENTS.md": `# Notes for coding agents

- Keep functions pure; \`src/todo.ts\` must not print anything.
- Run \`npm test\` after every change.
- TODO comments mark the open work.
`,
  ".gitignore": "node_modules/\ndist/\n",
  "tsconfig.json": `{
  "compilerOptions": { "target": "ES2022", "module": "ESNext", "strict": true, "outDir": "dist" },
  "include": ["src"]
}
`,
  "src/todo.ts": `export interface Todo {
  id: number;
  title: string;
  done: boolean;
}

export function addTodo(list: Todo[], title: string): Todo[] {
  const id = list.length === 0 ? 1 : Math.max(...list.map((t) => t.id)) + 1;
  return [...list, { id, title, done: false }];
}

export function toggleTodo(list: Todo[], id: number): Todo[] {
  return list.map((t) => (t.id === id ? { ...t, done: !t.done } : t));
}

// TODO: remove finished items
export function pending(list: Todo[]): Todo[] {
  return list.filter((t) => !t.done);
}
`,
  "src/format.ts": `import type { Todo } from "./todo";

export function formatTodo(todo: Todo): string {
  return \`\${todo.done ? "[x]" : "[ ]"} \${todo.id}. \${todo.title}\`;
}

// TODO: align ids when there are more than nine items
export function formatList(list: Todo[]): string {
  return list.map(formatTodo).join("\\n");
}
`,
  "src/index.ts": `import { formatList } from "./format";
import { addTodo, toggleTodo } from "./todo";

let list = addTodo([], "read the tool layer");
list = addTodo(list, "watch the event stream");
list = toggleTodo(list, 1);
console.log(formatList(list));
`,
  "src/todo.test.ts": `import { strict as assert } from "node:assert";
import { test } from "node:test";
import { addTodo, toggleTodo } from "./todo";

test("ids grow", () => {
  const list = addTodo(addTodo([], "a"), "b");
  assert.deepEqual(list.map((t) => t.id), [1, 2]);
});

test("toggle flips done", () => {
  assert.equal(toggleTodo(addTodo([], "a"), 1)[0].done, true);
});
`,
  ".pi/skills/release-notes/SKILL.md": `---
name: release-notes
description: Write release notes for tiny-todo from the changes since the last version in package.json.
---

# Release notes

1. Read package.json for the current version.
2. List what changed in src/ since then.
3. Write RELEASE.md with one line per change, newest first.
`,
};
