/**
 * The session's learner tools: their sources (kept, switched off or pending a link's acceptance) and the
 * guarded definitions that join the dispatch table. Registering compiles a file here, then loads and
 * checks it in the sandbox, where its code runs (sandbox/link.ts); only a file with no problem replaces
 * what was there, so a mistake never takes a working tool away.
 */
import type { HandlerSet, ToolExecute } from "@core/tools/handlers";
import type { AnyToolDefinition, ConstrainedSampling } from "@core/tools/types";
import type { ToolMeta } from "../../common/sandbox/protocol";
import { type SandboxConnector, SandboxLink } from "../sandbox/link";
import type { SandboxEnv } from "../sandbox/services";
import { compileToolSource } from "./compile";
import { guardDefinition } from "./guard";
import type { LearnerToolSource, ToolDiagnostic } from "./types";

export type RegisterOutcome =
  | { ok: true; names: string[]; replaces: string[] }
  | { ok: false; diagnostics: ToolDiagnostic[] };

/** Which definitions are the learner's, and which built-in each replaces (for the table's rows). */
const marks = new WeakMap<AnyToolDefinition, { replaces?: string; fields16?: Record<string, unknown> }>();

export function learnerMark(
  definition: AnyToolDefinition,
): { origin: "learner"; replaces?: string; fields16?: Record<string, unknown> } | undefined {
  const mark = marks.get(definition);
  return mark ? { origin: "learner", ...mark } : undefined;
}

export class LearnerTools {
  private sources: LearnerToolSource[] = [];
  private readonly loaded = new Map<string, AnyToolDefinition>();
  /** which file in the sandbox holds each loaded tool, so a replaced file can be forgotten there */
  private readonly fileOf = new Map<string, number>();
  private readonly sandbox: SandboxLink;

  constructor(
    private readonly env: SandboxEnv,
    connect: SandboxConnector,
    private readonly builtinNames: () => readonly string[],
  ) {
    this.sandbox = new SandboxLink(connect, env);
  }

  /** Only compiles and checks the text (no learner code runs): the editor's diagnostics as the learner types. */
  async check(source: string): Promise<ToolDiagnostic[]> {
    const compiled = await compileToolSource(source);
    return compiled.ok ? [] : compiled.diagnostics;
  }

  /** Compiles, runs the file's default export and checks every tool it registers; on success they join. */
  async register(source: string, options: { replace?: boolean } = {}): Promise<RegisterOutcome> {
    const compiled = await compileToolSource(source);
    if (!compiled.ok) return compiled;
    const builtins = this.builtinNames();
    let loaded: Awaited<ReturnType<SandboxLink["loadTool"]>>;
    try {
      loaded = await this.sandbox.loadTool(compiled.code, builtins, options.replace === true);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, diagnostics: [{ code: "load", message }] };
    }
    if (!loaded.ok) return loaded;
    const names = loaded.definitions.map((d) => d.name);
    const replaces = names.filter((n) => builtins.includes(n));
    for (const raw of loaded.definitions) {
      const guarded = guardDefinition(raw, () => this.env.workspace().root);
      const { fields16 } = raw as AnyToolDefinition & Pick<ToolMeta, "fields16">;
      // The one 1.6.0 field the wire acts on: 1.6.0's pi-ai reads it, 0.73.1's passes over it.
      const sampling = constrainedSamplingOf(fields16?.constrainedSampling);
      if (sampling !== undefined) guarded.constrainedSampling = sampling;
      marks.set(guarded, {
        ...(replaces.includes(raw.name) ? { replaces: raw.name } : {}),
        ...(fields16 ? { fields16 } : {}),
      });
      this.loaded.set(raw.name, guarded);
      this.unload(raw.name);
      this.fileOf.set(raw.name, loaded.file);
    }
    // One file per name: the source is kept under its first tool's name; a file re-registered replaces it.
    const entry: LearnerToolSource = {
      name: names[0],
      source,
      enabled: true,
      ...(replaces.includes(names[0]) ? { replaces: names[0] } : {}),
    };
    this.sources = [...this.sources.filter((s) => s.name !== entry.name), entry];
    return { ok: true, names, replaces };
  }

  /** Takes a tool out of the table (a replaced built-in comes back); its source is forgotten. */
  remove(name: string): boolean {
    this.unload(name);
    const had = this.loaded.delete(name) || this.sources.some((s) => s.name === name);
    this.sources = this.sources.filter((s) => s.name !== name);
    return had;
  }

  /** Keeps a source that did not register (switched off after it blocked the session, say), unloaded. */
  keepDisabled(source: LearnerToolSource) {
    this.unload(source.name);
    this.loaded.delete(source.name);
    this.sources = [...this.sources.filter((s) => s.name !== source.name), { ...source, enabled: false }];
  }

  /** The sources a snapshot carries: everything the learner wrote, switched on or off. */
  list(): LearnerToolSource[] {
    return this.sources.map((s) => ({ ...s }));
  }

  /**
   * The built-ins with the learner's own tools after them. A tool named like a built-in is not merged
   * here: it is that row's "learner" handler (`handlers`), behind pi's definition.
   */
  merge(builtins: AnyToolDefinition[]): AnyToolDefinition[] {
    const out = [...builtins];
    for (const [name, d] of this.loaded) if (!builtins.some((b) => b.name === name)) out.push(d);
    return out;
  }

  /** The guarded execute of each loaded tool named like a built-in: the "learner" handler of that row. */
  handlers(builtins: readonly string[]): HandlerSet {
    const set: Record<string, ToolExecute> = {};
    for (const [name, d] of this.loaded) if (builtins.includes(name)) set[name] = d.execute as ToolExecute;
    return set;
  }

  has(name: string) {
    return this.loaded.has(name);
  }

  /** `name` leaves its file; a file none of whose tools is loaded any more is forgotten in the sandbox. */
  private unload(name: string) {
    const file = this.fileOf.get(name);
    this.fileOf.delete(name);
    if (file !== undefined && ![...this.fileOf.values()].includes(file)) this.sandbox.drop(file);
  }
}

/** A learner's `constrainedSampling` when it is one pi-ai knows how to send (JSON Schema, or `false`). */
function constrainedSamplingOf(value: unknown): ConstrainedSampling | undefined {
  if (value === false) return false;
  if (typeof value !== "object" || value === null) return undefined;
  const { type, strict } = value as { type?: unknown; strict?: unknown };
  return type === "json_schema" && (strict === "prefer" || strict === "require")
    ? { type, strict }
    : undefined;
}
