import type { Resource } from "i18next";

/** locales/<language>/<namespace>.json → i18next's resources, `{ language: { namespace: strings } }` */
export function resourcesOf(found: Record<string, Record<string, unknown>>): Resource {
  const resources: Resource = {};
  for (const [path, strings] of Object.entries(found)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    resources[language] ??= {};
    (resources[language] as Record<string, unknown>)[namespace] = strings;
  }
  return resources;
}
