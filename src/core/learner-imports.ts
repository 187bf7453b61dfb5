/**
 * What a learner's tool file may import: pi's own module names (both scopes, as pi 1.6.0 maps the older
 * one to the same modules), so a file written in the page runs in pi too. The sandbox answers each
 * (src/app/sandbox/modules.ts); the tool editor completes them.
 */
export const LEARNER_IMPORTS = [
  "typebox",
  "@mariozechner/pi-ai",
  "@mariozechner/pi-coding-agent",
  "@earendil-works/pi-ai",
  "@earendil-works/pi-coding-agent",
  "node:fs/promises",
  "node:path",
] as const;
