/**
 * The session's tools: all seven of pi's, each over the backend the session gives it (one backend for
 * all of them, or, for the side-by-side lesson, a different one per tool), with edit and write sharing
 * the session's mutation queue (so its wait/acquire/release reach the event stream). Each tool fixes its
 * Operations in its closure when it is created here: a later backend switch makes new tools.
 */
import type { Backend } from "@backends/backend";
import type { FileMutationQueue } from "@core/file-mutation-queue";
import type { ImageResizer } from "@core/image/resize";
import { allToolNames, createToolDefinition, type ToolsOptions } from "@core/tools/index";
import type { AnyToolDefinition } from "@core/tools/types";
import { listedOnlyTools } from "@core/versions/tools";

export interface PlaygroundToolExtras {
  /** read's image fitting (the browser's canvas resizer in the app). */
  imageResizer?: ImageResizer;
  autoResizeImages?: boolean;
  /** What `~` expands to in tool paths. */
  homeDir?: string;
}

/** Which backend a tool runs on. */
export type BackendOf = (tool: string) => Backend;

function withExtras(options: ToolsOptions, extras: PlaygroundToolExtras): ToolsOptions {
  const defined = <T extends object>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
  const { imageResizer, autoResizeImages, homeDir } = extras;
  const home = defined({ homeDir });
  return {
    ...options,
    read: { ...options.read, ...defined({ imageResizer, autoResizeImages }), ...home },
    edit: { ...options.edit, ...home },
    write: { ...options.write, ...home },
    ls: { ...options.ls, ...home },
  };
}

export function createPlaygroundTools(
  backends: Backend | BackendOf,
  queue: FileMutationQueue,
  extras: PlaygroundToolExtras = {},
  /** what the Operations pass through before the tools close over them (a drill's faulty disk) */
  wrap: (options: ToolsOptions) => ToolsOptions = (options) => options,
): AnyToolDefinition[] {
  const backendOf: BackendOf = typeof backends === "function" ? backends : () => backends;
  // One set of Operations per backend, so tools on the same backend share them (as pi's do).
  const options = new Map<Backend, ToolsOptions>();
  const optionsOf = (backend: Backend) => {
    let forBackend = options.get(backend);
    if (!forBackend) {
      forBackend = wrap(withExtras(backend.toolOptions(queue), extras));
      options.set(backend, forBackend);
    }
    return forBackend;
  };
  const tools = [...allToolNames].map((name) => {
    const backend = backendOf(name);
    return createToolDefinition(name, backend.root, optionsOf(backend));
  });
  // A tool the version lists but never offers to a model (1.6.0's powershell) gets a row of its own, off,
  // so the dispatch table can say why it is there.
  const home = backendOf("read");
  const profile = optionsOf(home).profile;
  for (const listed of profile ? listedOnlyTools(profile) : [])
    if (!tools.some((t) => t.name === listed.name))
      tools.push(createToolDefinition(listed.name, home.root, optionsOf(home)));
  return tools;
}
