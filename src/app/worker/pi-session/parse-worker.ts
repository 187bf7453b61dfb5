/**
 * Reads a pi session file off the page's thread: the file streams in, each piece goes through the
 * reader, and the page hears how far it got. At the end the page gets the branch as events and the
 * calls with pi's recorded results, ready to fold. A 30 MB file never holds the page's thread.
 */
import { PiSessionReader } from "@agent/pi-session/read";
import { piSessionEvents } from "@agent/pi-session/to-events";
import { piSessionScenario } from "@agent/pi-session/to-scenario";
import type { ParseReply } from "../../common/pi-session/protocol";

/** A progress message at most this often: enough for a bar, few enough to cost nothing. */
const PROGRESS_EVERY_BYTES = 512 * 1024;

const post = (reply: ParseReply) => (self as unknown as Worker).postMessage(reply);

self.onmessage = async (message: MessageEvent<{ file: Blob; name: string }>) => {
  const { file, name } = message.data;
  try {
    const reader = new PiSessionReader();
    const decoder = new TextDecoder();
    const stream = file.stream().getReader();
    let bytes = 0;
    let reported = 0;
    for (;;) {
      const { done, value } = await stream.read();
      if (done) break;
      bytes += value.byteLength;
      reader.push(decoder.decode(value, { stream: true }));
      if (bytes - reported >= PROGRESS_EVERY_BYTES) {
        reported = bytes;
        post({ kind: "progress", bytes, total: file.size });
      }
    }
    reader.push(decoder.decode());
    const read = reader.finish();
    const { events, calls } = piSessionEvents(read);
    post({
      kind: "done",
      problem: read.problemCode,
      version: read.version,
      skipped: read.skipped,
      skippedCount: reader.skippedLines,
      events,
      calls,
      scenario: read.problem ? null : piSessionScenario(read, name),
    });
  } catch (error) {
    post({ kind: "failed", error: (error as Error).message });
  }
};
