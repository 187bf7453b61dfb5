import { parseScenario, type Scenario } from "@agent/scenario";
import type { ScenarioEntry } from "@ui/session-context";

const base = `${import.meta.env.BASE_URL}scenarios/`;

/** The scenarios shipped in public/scenarios, listed by its index.json (`[{file, title, description}]` or file names). */
export async function loadScenarioList(): Promise<ScenarioEntry[]> {
  const response = await fetch(`${base}index.json`);
  if (!response.ok) throw new Error(`scenarios/index.json answered ${response.status}`);
  const index = (await response.json()) as unknown;
  const items = Array.isArray(index) ? index : ((index as { scenarios?: unknown[] }).scenarios ?? []);
  return Promise.all(
    items.map(async (item): Promise<ScenarioEntry> => {
      if (typeof item === "string") {
        const s = await fetchScenario(item);
        return { file: item, title: s.title, description: s.description };
      }
      const e = item as Partial<ScenarioEntry>;
      return {
        file: String(e.file),
        title: String(e.title ?? e.file),
        description: String(e.description ?? ""),
      };
    }),
  );
}

export async function fetchScenario(file: string): Promise<Scenario> {
  const response = await fetch(`${base}${file}`);
  if (!response.ok) throw new Error(`${file} answered ${response.status}`);
  return parseScenario(await response.json());
}
