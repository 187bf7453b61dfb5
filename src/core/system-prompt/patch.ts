/**
 * Changes during a session, as pi 1.6.0 makes them (docs/pi-contract.md §7.3): section patches, how a
 * provider that accepts system messages mid-conversation is told about them, the first system message,
 * and the tool declarations a request adds or removes when the tool set changes. pi 0.73.1 has none of
 * this: each request carries the whole current prompt and the tools.
 */
import type { ConstrainedSampling } from "../tools/types";
import type { SystemMessage, SystemPromptPatch, SystemPromptSections, ToolDeclaration } from "./types";
import { diffSections } from "./versions/shared";
import { renderSystemMessageUpdate160 } from "./versions/v1-6-0";

/** `{name: text}` for changed or new sections, `{name: null}` for removed ones; undefined when equal. */
export function diffSystemPromptSections(
  previous: SystemPromptSections | undefined,
  current: SystemPromptSections,
): SystemPromptPatch | undefined {
  return diffSections(previous, current);
}

/**
 * pi 1.6.0 only (0.73.1 announces no change): the message's own text, then one part per patched
 * section, `Updated system prompt section "NAME":` + blank line + text, or `Removed system prompt
 * section "NAME".`; parts joined by blank lines.
 */
export function renderSystemMessageUpdate(message: Pick<SystemMessage, "content" | "sections">): string {
  return renderSystemMessageUpdate160(message);
}

/** The first request's system message; none when there is neither a prompt nor a tool. */
export function createInitialSystemMessage(
  systemPrompt: string | undefined,
  tools: ToolDeclaration[] | undefined,
): SystemMessage | undefined {
  const hasPrompt = systemPrompt !== undefined && systemPrompt.length > 0;
  const hasTools = tools !== undefined && tools.length > 0;
  if (!hasPrompt && !hasTools) return undefined;
  const message: SystemMessage = { role: "system", content: systemPrompt ?? "", timestamp: 0 };
  if (hasTools) message.toolsAdded = tools;
  return message;
}

export function toToolDeclaration(tool: {
  name: string;
  description: string;
  parameters: unknown;
  constrainedSampling?: ConstrainedSampling;
}): ToolDeclaration {
  const { name, description, parameters, constrainedSampling } = tool;
  return {
    name,
    description,
    parameters,
    ...(constrainedSampling === undefined ? {} : { constrainedSampling }),
  };
}

/** The tools a transcript has declared so far: replay its system messages' additions and removals. */
export function declaredInTranscript(
  messages: ReadonlyArray<{ role: string }>,
): Map<string, ToolDeclaration> {
  const declared = new Map<string, ToolDeclaration>();
  for (const m of messages) {
    if (m.role !== "system") continue;
    const s = m as SystemMessage;
    for (const name of s.toolsRemoved ?? []) declared.delete(name);
    for (const d of s.toolsAdded ?? []) declared.set(d.name, d);
  }
  return declared;
}

/** What to add and remove so the transcript declares exactly `current` (a changed declaration is re-added). */
export function toolChanges(
  declared: Map<string, ToolDeclaration>,
  current: ToolDeclaration[],
): { toolsAdded: ToolDeclaration[]; toolsRemoved: string[] } {
  const names = new Set(current.map((t) => t.name));
  const toolsRemoved = [...declared.keys()].filter((n) => !names.has(n));
  const toolsAdded = current.filter((t) => JSON.stringify(declared.get(t.name)) !== JSON.stringify(t));
  return { toolsAdded, toolsRemoved };
}

/**
 * Declares tool changes for the next request (docs/pi-contract.md §7.3): merged into the last
 * pending system message if there is one, else a new system message before the first non-system one.
 */
export function declareToolChanges(
  transcript: ReadonlyArray<{ role: string }>,
  pending: Array<{ role: string }>,
  current: ToolDeclaration[],
  now: () => number = Date.now,
): Array<{ role: string }> {
  let at = -1;
  for (let i = pending.length - 1; i >= 0; i--)
    if (pending[i].role === "system") {
      at = i;
      break;
    }
  const existing = at >= 0 ? (pending[at] as SystemMessage) : undefined;
  const baseline = pending.map((m, i) => {
    if (i !== at) return m;
    const { toolsAdded: _a, toolsRemoved: _r, ...rest } = m as SystemMessage;
    return rest;
  });
  const { toolsAdded, toolsRemoved } = toolChanges(
    declaredInTranscript([...transcript, ...baseline]),
    current,
  );
  const unchanged = toolsAdded.length === 0 && toolsRemoved.length === 0;
  const withChanges = (m: SystemMessage): SystemMessage => {
    const { toolsAdded: _a, toolsRemoved: _r, ...rest } = m;
    return {
      ...rest,
      ...(toolsAdded.length ? { toolsAdded } : {}),
      ...(toolsRemoved.length ? { toolsRemoved } : {}),
    };
  };
  if (existing) {
    if (unchanged && !existing.toolsAdded?.length && !existing.toolsRemoved?.length) return pending;
    return baseline.map((m, i) => (i === at ? withChanges(existing) : m));
  }
  if (unchanged) return pending;
  const update = withChanges({ role: "system", content: "", timestamp: now() });
  const first = pending.findIndex((m) => m.role !== "system");
  const index = first === -1 ? pending.length : first;
  return [...pending.slice(0, index), update, ...pending.slice(index)];
}
