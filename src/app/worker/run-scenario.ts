/**
 * Runs one scenario headless from start to end (Node tests and `npm run scenario`), with no delays. The
 * events come in pi's shape, as the page's log gives them: a streaming update sent as its delta has its
 * `message` and `partial` back (state/update-log.ts).
 */
import type { SessionEvent } from "@agent/events";
import type { PiVersionId } from "@core/versions/ids";
import { createUpdateLog } from "@state/update-log";
import { Playground } from "./playground";
import type { SessionOptions } from "./session";

export async function runScenarioHeadless(
  scenario: unknown,
  onEvent: (e: SessionEvent) => void = () => {},
  options: SessionOptions = {},
  /** the version to start on (the default when absent); a scenario's own `pi` field wins */
  piVersion?: PiVersionId,
): Promise<{ events: SessionEvent[]; playground: Playground }> {
  const events: SessionEvent[] = [];
  const inPiShape = createUpdateLog();
  const playground = new Playground((sent) => {
    const e = inPiShape(sent);
    events.push(e);
    onEvent(e);
  }, options);
  playground.handle({ type: "init", ...(piVersion ? { piVersion } : {}) });
  const player = playground.scenarios.load(scenario);
  player.play(0);
  await playground.idle();
  return { events, playground };
}
