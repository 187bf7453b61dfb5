// Installed by scripts/bench-browser.ts into the product page (Playwright addInitScript) before any page
// script runs; the page itself has no bench code. It watches, with performance.now() (ms since
// navigation start):
// - every event message from the session worker (a wrapper around Worker adds a listener; the page's own
//   onmessage is untouched),
// - long tasks (PerformanceObserver 'longtask', > 50 ms) and long animation frames,
// - with options.autoPlay: the scenario's Play button; the moment it is enabled it is clicked, as a user
//   would, and the first event of that run is timed when it reaches the page and when its row appears in
//   the event stream.
// Results are on window.__benchProbe. options come from window.__benchProbeOptions (set just before).
(() => {
  const options = window.__benchProbeOptions || {};
  const probe = {
    sessionFirstEventAt: null,
    sessionFirstEventType: null,
    eventsReceived: 0,
    lastEventAt: null,
    lastSeq: -1,
    playEnabledAt: null,
    playClickedAt: null,
    seqBeforePlay: null,
    runFirstEventAt: null,
    runFirstEventType: null,
    runFirstSeq: null,
    runFirstShownAt: null,
    scenarioDoneAt: null,
    longTasks: [],
    longFrames: [],
    slowMessages: [],
    // what the session said about the scenario, and the last event types (printed when a burst falls short)
    scenarioStates: [],
    tail: [],
    mark: null,
    // model mode (figure 6): when each stream's last event left the page for the worker and each model
    // request reached the page (Date.now), and when the worker emitted each tool start and end (its ts)
    model: { done: [], request: [], toolStart: [], toolEnd: [], agentEnd: 0 },
  };
  window.__benchProbe = probe;

  const see = (event) => {
    const now = performance.now();
    probe.eventsReceived++;
    probe.lastEventAt = now;
    probe.lastSeq = event.seq;
    if (event.type === "scenario_state") {
      probe.scenarioStates.push(`${event.status} ${event.next}/${event.total}`);
      if (event.status === "done") probe.scenarioDoneAt = now;
    }
    if (event.type === "tool_execution_start") probe.model.toolStart.push(event.ts);
    if (event.type === "tool_execution_end") probe.model.toolEnd.push(event.ts);
    if (event.type === "agent_end") probe.model.agentEnd++;
    probe.tail.push(event.type);
    if (probe.tail.length > 40) probe.tail.shift();
    if (probe.sessionFirstEventAt === null) {
      probe.sessionFirstEventAt = now;
      probe.sessionFirstEventType = event.type;
    }
    if (probe.playClickedAt !== null && probe.runFirstEventAt === null) {
      probe.runFirstEventAt = now;
      probe.runFirstEventType = event.type;
      probe.runFirstSeq = event.seq;
    }
  };

  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(url, init) {
      super(url, init);
      this.addEventListener("message", (message) => {
        const started = performance.now();
        const data = message.data; // the first read deserializes the message
        if (data?.kind === "provider_request") probe.model.request.push(Date.now());
        // The worker sends one event, or a batch of them in order.
        const events = data?.kind === "event" ? [data.event] : data?.kind === "events" ? data.events : [];
        for (const event of events) see(event);
        const ms = performance.now() - started;
        // The slowest messages to receive, and what was in them (printed with BENCH_DETAIL=1).
        if (ms > 10)
          probe.slowMessages.push({ at: started, ms, events: events.length, last: events.at(-1)?.type });
      });
    }
    postMessage(data, ...rest) {
      if (data?.kind === "provider_event" && data.event.type === "done") probe.model.done.push(Date.now());
      super.postMessage(data, ...rest);
    }
  };

  const observe = (type, into) => {
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          into.push({
            start: e.startTime,
            duration: e.duration,
            blocking: e.blockingDuration ?? null,
            // long animation frames only: where the frame's time went (printed with BENCH_DETAIL=1)
            render: e.renderStart ? e.startTime + e.duration - e.renderStart : undefined,
            styleAndLayout: e.styleAndLayoutStart
              ? e.startTime + e.duration - e.styleAndLayoutStart
              : undefined,
            scripts: e.scripts?.map((s) => ({
              invoker: s.invoker,
              fn: s.sourceFunctionName,
              duration: Math.round(s.duration),
              forcedLayout: Math.round(s.forcedStyleAndLayoutDuration),
            })),
          });
      }).observe({ type, buffered: true });
    } catch {
      // an entry type this browser does not have: the list stays empty
    }
  };
  observe("longtask", probe.longTasks);
  observe("long-animation-frame", probe.longFrames);

  if (!options.autoPlay) return;
  const playButton = () =>
    [...document.querySelectorAll(".player button")].find((b) => b.textContent.trim() === "Play");
  const shownSeqs = () =>
    [...document.querySelectorAll(".event-list__seq")].map((s) => Number(s.textContent));
  const watch = new MutationObserver(() => {
    if (probe.playClickedAt === null) {
      const button = playButton();
      if (!button || button.disabled) return;
      probe.playEnabledAt = performance.now();
      probe.seqBeforePlay = probe.lastSeq;
      probe.playClickedAt = performance.now();
      button.click();
      return;
    }
    if (probe.runFirstShownAt !== null) return;
    // Rows show each event's seq; the run's first event is the first one after the click.
    if (shownSeqs().some((seq) => seq > probe.seqBeforePlay)) {
      probe.runFirstShownAt = performance.now();
      watch.disconnect();
    }
  });
  watch.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();
