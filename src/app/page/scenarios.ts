import type { Scenario, ScenarioTranslations } from "@agent/scenario";
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
        return { file: item, title: s.title, description: s.description, translations: s.translations };
      }
      const e = item as Partial<ScenarioEntry>;
      return {
        file: String(e.file),
        title: String(e.title ?? e.file),
        description: String(e.description ?? ""),
        translations: translationsOf(e.translations),
      };
    }),
  );
}

/** An index entry's translations: only the page's languages and only text are kept (the index is data). */
function translationsOf(value: unknown): ScenarioTranslations | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const found: ScenarioTranslations = {};
  for (const language of ["zh-Hans", "zh-Hant"] as const) {
    const entry = (value as Record<string, unknown>)[language];
    if (typeof entry !== "object" || entry === null) continue;
    const { title, description } = entry as Record<string, unknown>;
    found[language] = {
      ...(typeof title === "string" ? { title } : {}),
      ...(typeof description === "string" ? { description } : {}),
    };
  }
  return Object.keys(found).length > 0 ? found : undefined;
}

/**
 * Fetches and validates one scenario. Every failure is an Error whose message is one line naming the file
 * (and the step and field), which the page shows as it is. The validator (TypeBox and the format) is
 * loaded with the first scenario, not with the page.
 */
export async function fetchScenario(file: string): Promise<Scenario> {
  const { checkScenarioSize, parseScenarioText } = await import("@agent/scenario");
  const response = await fetch(`${base}${file}`);
  if (!response.ok)
    throw new Error(
      `${file}: the server answered ${response.status}, expected the file (is it in public/scenarios?)`,
    );
  // Refused before the body is read when the server says how big it is (a compressed body says less).
  const length = Number(response.headers.get("content-length"));
  if (length > 0 && !response.headers.get("content-encoding")) checkScenarioSize(length, file);
  return parseScenarioText(await response.text(), file);
}

/** The file's name in a link's messages: the last part of its path ("queue-race.json"). */
function linkName(url: URL): string {
  return decodeURIComponent(url.pathname.split("/").pop() || url.host || "scenario");
}

/**
 * Fetches a scenario by address, as a `?scenario=` link gives it: on this page's server (a path such as
 * /scenarios/queue-race.json) or on any server that lets this page read it (CORS). Every failure is one
 * line saying why.
 */
export async function fetchScenarioUrl(address: string, base = window.location.href): Promise<Scenario> {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    throw new Error("it is not an address (expected a path such as /scenarios/queue-race.json, or a URL)");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`${url.protocol} links are not fetched (expected an http or https address)`);
  const name = linkName(url);
  const { checkScenarioSize, parseScenarioText } = await import("@agent/scenario");
  let response: Response;
  try {
    response = await fetch(url);
  } catch {
    throw new Error(
      `${name}: the file could not be fetched (the server is down, the address is wrong, or the server does not let this page read it)`,
    );
  }
  if (!response.ok) throw new Error(`${name}: the server answered ${response.status}, expected the file`);
  // A server that answers every unknown path with its start page (as single-page hosts do) sends HTML.
  if (/^text\/html\b/i.test(response.headers.get("content-type") ?? ""))
    throw new Error(
      `${name}: the server answered with a web page, expected the scenario file (is the address right?)`,
    );
  const length = Number(response.headers.get("content-length"));
  if (length > 0 && !response.headers.get("content-encoding")) checkScenarioSize(length, name);
  return parseScenarioText(await response.text(), name);
}
