import { defineConfig } from "vitest/config";
import { layerAliases } from "./scripts/aliases.ts";

// Everything below ui/ runs in Node: a DOM global that slips into core/agent/state fails here at run time.
export default defineConfig({
  resolve: { alias: layerAliases },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["src/**/*.test.ts", "tests/**/*.test.ts"],
          exclude: ["tests/e2e/**", "node_modules/**"],
          testTimeout: 20_000,
        },
      },
      {
        // Components in a DOM (jsdom): typed into, clicked and read the way a person would, in seconds.
        extends: true,
        test: {
          name: "component",
          environment: "jsdom",
          include: ["src/ui/**/*.test.tsx"],
          setupFiles: ["src/ui/test-support/setup.ts"],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.e2e.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A page on a loaded machine may take seconds to show what it will show: a poll waits up to 10 s
          // (it ends as soon as it holds), instead of failing after vitest's default second.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
