/** Runs one scenario headless from start to end (Node tests and `npm run scenario`), with no delays. */
import type { SessionEvent } from "@agent/events";
import { PlaygroundSession, type SessionOptions } from "./session";

export async function runScenarioHeadless(
  scenario: unknown,
  onEvent: (e: SessionEvent) => void = () => {},
  options: SessionOptions = {},
): Promise<{ events: SessionEvent[]; session: PlaygroundSession }> {
  const events: SessionEvent[] = [];
  const session = new PlaygroundSession((e) => {
    events.push(e);
    onEvent(e);
  }, options);
  session.handle({ type: "init" });
  const player = session.loadScenario(scenario);
  player.play(0);
  await session.idle();
  return { events, session };
}
