/**
 * The share link's length for the reference case: the default preset with the first shipped scenario
 * ("Three first prompts") loaded, its tools as the scenario sets them, nothing changed. The link is
 * built exactly as "Copy share link" builds it (the session's state, the codec), after the page's own
 * address as the dev server serves it.
 */
import { readFile } from "node:fs/promises";
import { encodeLink } from "../src/app/page/share/link-codec.ts";
import { PRESETS } from "../src/app/shared/presets/index.ts";
import { SHORT_LINK_LENGTH } from "../src/app/shared/share/limits.ts";
import { PlaygroundSession } from "../src/app/worker/session.ts";

export const SHARE_LINK_TARGET = SHORT_LINK_LENGTH;
const PAGE = "http://127.0.0.1:5173/";

export async function shareLinkLength(
  scenarioFile = new URL("../public/scenarios/seed-prompts.json", import.meta.url),
) {
  const session = new PlaygroundSession(() => {});
  session.handle({ type: "init" });
  session.loadScenario(JSON.parse(await readFile(scenarioFile, "utf8")));
  const fragment = encodeLink(session.shareState(), PRESETS.default);
  return { length: `${PAGE}#${fragment}`.length, fragment: fragment.length };
}
