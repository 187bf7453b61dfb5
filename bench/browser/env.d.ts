// The workload module the bench worker imports; scripts/bench-browser.ts aliases the name to a file.
declare module "virtual:bench-workload" {
  import type { Operation } from "../run-workload";
  export const OPERATIONS: Operation[];
  export const ICONS_DIR: string;
  export function makeWorkspace(scale?: number): Record<string, string>;
  export function checkExpect(op: Operation, text: string): string[];
}
