/**
 * The files every corpus command starts from (a fresh copy per command), shaped like a small project.
 * The same map is written to a temp folder for GNU bash (generate.ts) and into memfs for the tool.
 */
export const CORPUS_FILES: Record<string, string> = {
  "README.md": "# Demo\n\nHello from the demo project.\nRun `npm start` to begin.\n",
  "notes.txt": "foo bar baz\nbar foo\nqux foo bar\nfoo\n",
  "config.ini": "# settings\nname=demo\n# port below\nport=8080\ndebug=false\n",
  "src/app.ts":
    'import { add } from "./lib/math";\nimport { shout } from "./lib/strings";\n\n// TODO: read args\nexport function main(): void {\n  console.log(shout(String(add(2, 3))));\n}\n',
  "src/util.ts":
    "export function clamp(n: number, lo: number, hi: number): number {\n  return Math.min(hi, Math.max(lo, n));\n}\n// TODO: tests\n",
  "src/lib/math.ts":
    "export function add(a: number, b: number): number {\n  return a + b;\n}\nexport const addAll = (xs: number[]) => xs.reduce(add, 0);\n",
  "src/lib/strings.ts": "export function shout(s: string): string {\n  return s.toUpperCase() + '!';\n}\n",
  "data/users.csv": "name,city,age\nalice,paris,34\nbob,berlin,27\ncarol,paris,41\ndave,rome,19\n",
  "data/log.txt":
    "INFO start\nWARN disk 80%\nINFO request /a\nERROR timeout on /b\nINFO request /c\nerror lowercase\nERROR refused /d\nINFO stop\n",
  "docs/guide.md": "# Guide\n\nSee README.md.\n",
  ".hidden": "secret=1\n",
};
