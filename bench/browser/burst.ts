/**
 * The burst scenario for the long-task figure: one prompt, then turn after turn of parallel read calls
 * played with no pauses, so the session worker emits well over 10,000 events as fast as it can (about
 * twelve per call: the streamed tool call, the pipeline stages, the result message). It runs the real
 * tools through the real loop; nothing about it is special to the page. scripts/bench-browser.ts serves
 * it to the page as one more entry of public/scenarios (network interception; the product is unchanged).
 */
export const BURST_FILE = "bench-burst.json";
export const BURST_TITLE = "Bench: a 10,000-event burst";
export const CALLS_PER_TURN = 8;
/** what the page must receive for the figure to count as a 10,000-event burst */
export const BURST_EVENTS_MIN = 10_000;

export function burstScenario(turns = 105) {
  const files = ["package.json", "AGENTS.md", "src/index.ts", "README.md"];
  const steps: unknown[] = [{ user: "Read these files again and again (a burst of events for the bench)." }];
  let id = 0;
  for (let t = 0; t < turns; t++) {
    const content = [];
    for (let p = 0; p < CALLS_PER_TURN; p++) {
      id++;
      const path = files[id % files.length];
      content.push({ type: "toolCall", id: `burst-${id}`, name: "read", arguments: { path, limit: 3 } });
    }
    steps.push({ assistant: { content, stopReason: "toolUse" } });
  }
  steps.push({ assistant: { content: [{ type: "text", text: "Done." }], stopReason: "stop" } });
  return {
    title: BURST_TITLE,
    description: `${turns * CALLS_PER_TURN} read calls in ${turns} turns of ${CALLS_PER_TURN}, no pauses.`,
    tools: { active: ["read"] },
    steps,
  };
}
