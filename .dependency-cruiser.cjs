/**
 * The house's import rules in one place: the layers (docs/layers.md), the two threads of app/ (the page and
 * the workers), and no import circles. `npm run check` runs it; tests/layers.test.ts proves each rule fires.
 * Biome keeps lint and format, and the rules about globals (no `window` below ui/), which are not imports.
 */
const layer = (name) => `^src/${name}/`;
const backendEngines = "^node_modules/(memfs|just-bash|@webcontainer/api)/";
const react = "^node_modules/(react|react-dom)/";

/** `from` may not import `to`; `comment` is what the reader sees, so it says what to do instead. */
const forbid = (name, from, to, comment) => ({ name, severity: "error", comment, from, to });

module.exports = {
  forbidden: [
    forbid(
      "no-circular",
      { path: "^src/" },
      { circular: true },
      "An import circle: cut it by moving the shared piece into a file both sides import.",
    ),
    forbid(
      "no-node-builtins",
      { path: "^src/" },
      { dependencyTypes: ["core"] },
      "src/ runs in the browser: no Node built-ins (the build aliases the few memfs needs).",
    ),

    forbid(
      "core-is-the-bottom",
      { path: layer("core") },
      { path: "^src/(backends|agent|state|ui|app)/" },
      "core/ is the bottom layer: it imports no other src/ layer.",
    ),
    forbid(
      "core-knows-no-backend",
      { path: layer("core") },
      { path: backendEngines },
      "core/ must not know a backend: take Operations as a parameter.",
    ),
    forbid(
      "core-has-no-ui",
      { path: layer("core") },
      { path: react },
      "core/ is plain TypeScript: React belongs in src/ui.",
    ),

    forbid(
      "backends-import-core-only",
      { path: layer("backends") },
      { path: "^src/(agent|state|ui|app)/" },
      "backends/ may import only core/ and their own engine.",
    ),
    forbid(
      "backends-have-no-ui",
      { path: layer("backends") },
      { path: react },
      "backends/ implement Operations; React belongs in src/ui.",
    ),

    forbid(
      "agent-imports-core-only",
      { path: layer("agent") },
      { path: "^src/(backends|state|ui|app)/" },
      "agent/ may import only core/: Operations are injected by app/.",
    ),
    forbid(
      "agent-knows-no-backend",
      { path: layer("agent") },
      { path: backendEngines },
      "agent/ gets Operations injected; it must not import a backend.",
    ),
    forbid(
      "agent-has-no-ui",
      { path: layer("agent") },
      { path: react },
      "agent/ has no UI: React belongs in src/ui.",
    ),

    forbid(
      "state-imports-agent-and-core",
      { path: layer("state") },
      { path: "^src/(backends|ui|app)/" },
      "state/ may import only agent/ and core/ (types).",
    ),
    forbid(
      "state-knows-no-backend",
      { path: layer("state") },
      { path: backendEngines },
      "state/ is fed by events; it must not import a backend.",
    ),
    forbid(
      "state-is-framework-free",
      { path: layer("state") },
      { path: react },
      "state/ is framework-free: read stores from React with useSyncExternalStore in src/ui.",
    ),

    forbid(
      "ui-never-reaches-app-or-backends",
      { path: layer("ui") },
      { path: "^src/(backends|app)/" },
      "ui/ may import state/, agent/ and core/ types, never backends/ or app/.",
    ),
    forbid(
      "ui-knows-no-backend",
      { path: layer("ui") },
      { path: backendEngines },
      "ui/ talks to the session through the channel, never to a backend.",
    ),

    forbid(
      "page-never-imports-worker",
      { path: "^src/app/page/" },
      { path: "^src/app/worker/" },
      "Page code must not import worker code: start the worker by its URL and talk through the channel; put what both sides need in app/common/.",
    ),
    forbid(
      "worker-never-imports-page",
      { path: "^src/app/worker/" },
      { path: "^src/app/page/" },
      "Worker code must not import page code: put what both sides need in app/common/.",
    ),
    forbid(
      "common-serves-both-threads",
      { path: "^src/app/common/" },
      { path: "^src/app/(page|worker|sandbox)/" },
      "app/common/ is for both threads (and the sandbox), so it may import neither side.",
    ),
    forbid(
      "sandbox-reaches-the-workspace-by-messages",
      { path: "^src/app/sandbox/" },
      { path: "^src/(backends|agent|state|ui)/|^src/app/(page|worker)/" },
      "app/sandbox/ runs the learner's code apart from the session: it may import core/ and app/common/ only, and reaches the workspace through its host's answers (common/sandbox/protocol.ts).",
    ),
    forbid(
      "page-never-imports-sandbox",
      { path: "^src/app/page/" },
      { path: "^src/app/sandbox/" },
      "The page hands the sandbox its code as text (import virtual:sandbox-worker), never runs it itself.",
    ),
    forbid(
      "worker-runs-sandbox-in-process-only-in-node",
      { path: "^src/app/worker/", pathNot: "^src/app/worker/sandbox/in-process\\.ts$" },
      { path: "^src/app/sandbox/" },
      "The session reaches the sandbox through a port (worker/sandbox/link.ts); only in-process.ts, for Node, serves one on the same thread.",
    ),
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^src/app/shims/" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
