/**
 * Loads just-bash on first use and lays out the file system bash sees:
 *
 *   /                 just-bash's own InMemoryFs: /bin and /usr/bin stubs, /dev/null, /proc, /home/user
 *   <root>            the workspace's memfs folder (MemfsBashFs), e.g. /workspace
 *   /etc, /home, …    the memfs volume's other top-level folders (MemfsBashFs), when it has any
 *   /tmp              the memfs volume's /tmp (MemfsBashFs): bash's full-output logs live here, so `read`
 *                     and `bash` both open them by the path the notice shows, and they stay out of the
 *                     workspace's file tree and snapshots (a worker restart forgets them, as a reboot
 *                     empties /tmp)
 *
 * The module is fetched with a dynamic import so the ~350 KB (gzip) engine is its own chunk, never in the
 * page's first bundle (docs/bash-engine.md §4.3). One Bash instance per command: each exec starts a fresh
 * shell anyway (docs/bash-engine.md §3.4), constructing one costs well under a millisecond, and it lets a
 * command's timeout become the engine's own deadline (`maxExecutionTimeMs`), the one limit that stops a
 * CPU-bound loop that never yields to the timer that would abort it.
 */
import type { Bash, BashOptions, IFileSystem } from "just-bash";
import type { MemfsWorkspace } from "../workspace";
import { headCommand, withEndlessDevices } from "./devices";
import { interleavePlugin } from "./interleave";
import { MemfsBashFs } from "./memfs-bash-fs";
import { seqCommand } from "./seq";
import { uniqCommand } from "./uniq-count";
import { yesCommand } from "./yes";

type JustBash = typeof import("just-bash");
type ExecutionLimits = NonNullable<BashOptions["executionLimits"]>;

/** Commands of just-bash 3.4.2 that do not work in a browser: left out everywhere. */
export const EXCLUDED_COMMANDS: readonly string[] = [
  "sqlite3",
  "python3",
  "python",
  "yq",
  "xan",
  "tar",
].concat(
  ["gzip", "gunzip", "zcat"], // registered in the browser build, but they need node:zlib
);

/**
 * Our own commands: GNU's count width for uniq -c (uniq-count.ts), a seq that counts further (seq.ts), yes
 * (yes.ts), and head -c N on /dev/zero or /dev/urandom (devices.ts).
 */
const CUSTOM_COMMANDS = [uniqCommand, seqCommand, yesCommand, headCommand];

export const BASH_HOME = "/home/user";
export const BASH_TEMP_DIR = "/tmp";

/** What a command sees unless the caller passes its own env (which is merged over this). */
export const DEFAULT_BASH_ENV: Readonly<Record<string, string>> = {
  HOME: BASH_HOME,
  PATH: "/usr/local/bin:/usr/bin:/bin",
  TMPDIR: BASH_TEMP_DIR,
  USER: "user",
  SHELL: "/bin/bash",
};

export interface BashEngineOptions {
  /**
   * just-bash's Node-only defence-in-depth (compiled out of its browser build). Off by default: with the
   * library default (on) it blocks `process.cwd()`, which memfs calls for every path, so every command
   * touching the workspace fails in Node (tests, parity, bench). Pitfall 4, proved in a test.
   */
  defenseInDepth?: BashOptions["defenseInDepth"];
  /** Merged over just-bash's `normal` profile; the limits stay on. */
  executionLimits?: ExecutionLimits;
}

let loading: Promise<JustBash> | undefined;

/** The engine module, fetched once. */
export function loadJustBash(): Promise<JustBash> {
  loading ??= import("just-bash");
  return loading;
}

export interface BashEngine {
  /** A fresh shell over the shared layout; `timeoutMs` becomes its execution deadline. */
  shell(cwd: string, env: Record<string, string>, timeoutMs: number | undefined): Bash;
  /** A shell with no transform plugins, only for parsing (interleave.ts checks the serializer with it). */
  readonly parser: Bash;
}

const ENGINE_FOLDERS = new Set(["/bin", "/usr", "/dev", "/proc", BASH_TEMP_DIR]);

function volumeTopFolders(workspace: MemfsWorkspace, root: string): string[] {
  return (workspace.fs.readdirSync("/") as string[])
    .map((name) => `/${name}`)
    .filter((top) => !ENGINE_FOLDERS.has(top) && top !== root && !root.startsWith(`${top}/`))
    .filter((top) => workspace.fs.statSync(top).isDirectory());
}

/** Builds the layout over `workspace` once the module is there. */
export async function createBashEngine(
  workspace: MemfsWorkspace,
  options: BashEngineOptions = {},
): Promise<BashEngine> {
  const jb = await loadJustBash();
  const root = workspace.root.replace(/\/+$/, "");
  if (root === "")
    throw new Error("The bash engine cannot mount a workspace at /: use a folder such as /workspace");
  const defenseInDepth = options.defenseInDepth ?? false;
  const base = new jb.InMemoryFs();
  // A Bash over a bare InMemoryFs seeds it with /bin, /usr/bin, /dev, /proc, /home/user and /tmp, and with
  // a /bin stub for each custom command too: PATH lookup needs one, and a shell over the MountableFs below
  // cannot write it (yes was "command not found" without this).
  new jb.Bash({ fs: base, defenseInDepth, customCommands: CUSTOM_COMMANDS });
  if (!workspace.fs.existsSync(BASH_TEMP_DIR)) workspace.fs.mkdirSync(BASH_TEMP_DIR, { recursive: true });
  const mounts: { mountPoint: string; filesystem: IFileSystem }[] = [
    { mountPoint: BASH_TEMP_DIR, filesystem: new MemfsBashFs(workspace, BASH_TEMP_DIR) },
  ];
  // A workspace inside /tmp is already reachable through the /tmp mount (mounts may not nest).
  if (root !== BASH_TEMP_DIR && !root.startsWith(`${BASH_TEMP_DIR}/`))
    mounts.unshift({ mountPoint: root, filesystem: new MemfsBashFs(workspace, root) });
  // The volume's other top-level folders (a session's /etc and /home around the workspace), so bash
  // sees what read and write see; those that hold the workspace or are the engine's own stay as they are.
  for (const top of volumeTopFolders(workspace, root))
    mounts.push({ mountPoint: top, filesystem: new MemfsBashFs(workspace, top) });
  // /dev/zero and /dev/urandom as endless sources, bounded (devices.ts)
  const fs = withEndlessDevices(new jb.MountableFs({ base, mounts }));
  const excluded = new Set(EXCLUDED_COMMANDS);
  const commands = jb.getCommandNames().filter((name) => !excluded.has(name)) as BashOptions["commands"];
  return {
    parser: new jb.Bash({ fs: base, defenseInDepth }),
    shell(cwd, env, timeoutMs) {
      const executionLimits: ExecutionLimits = { ...options.executionLimits };
      if (timeoutMs !== undefined) executionLimits.maxExecutionTimeMs = timeoutMs;
      const bash = new jb.Bash({
        fs,
        cwd,
        env,
        commands,
        customCommands: CUSTOM_COMMANDS,
        executionLimits,
        defenseInDepth,
      });
      bash.registerTransformPlugin(interleavePlugin);
      return bash;
    },
  };
}
