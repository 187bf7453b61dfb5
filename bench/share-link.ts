/**
 * The share link's length for the reference case: the default preset with the first shipped scenario
 * ("Three first prompts") loaded, its tools as the scenario sets them, nothing changed. The link is
 * built exactly as "Copy share link" builds it (the session's state, the codec), after the page's own
 * address as the dev server serves it.
 */
import { readFile } from "node:fs/promises";
import { PRESETS } from "../src/app/common/presets/index.ts";
import { SHORT_LINK_LENGTH } from "../src/app/common/share/limits.ts";
import { encodeLink } from "../src/app/page/share/link-codec.ts";
import { Playground } from "../src/app/worker/playground.ts";

export const SHARE_LINK_TARGET = SHORT_LINK_LENGTH;
const PAGE = "http://127.0.0.1:5173/";

export async function shareLinkLength(
  scenarioFile = new URL("../public/scenarios/seed-prompts.json", import.meta.url),
) {
  const playground = new Playground(() => {});
  playground.handle({ type: "init" });
  playground.scenarios.load(JSON.parse(await readFile(scenarioFile, "utf8")));
  const fragment = encodeLink(playground.share.state(), PRESETS.default);
  return { length: `${PAGE}#${fragment}`.length, fragment: fragment.length };
}
