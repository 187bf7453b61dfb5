// Measurement helper: does Chromium's page decode a whole fetched event stream when the stream ends by
// itself, or only while DevTools' Network domain records the page (as Playwright's always does)? Serves a
// page that reads a 9 MB text/event-stream with fetch, traces it through the DevTools protocol with the
// Network domain off, then on, twice each, and prints how long the task that finishes the body took
// (ResponseBodyLoader::DidFinishLoadingBody) and whether the body was decoded as text in it.
//
// `node bench/devtools-stream-body.mjs` on Node 22 (Node 20: `node --experimental-websocket …`);
// CHROME_PATH names the browser (default /usr/bin/chromium).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

const EVENTS = 60_000;
const frame = `data: ${JSON.stringify({ choices: [{ delta: { content: "w1 " } }], pad: "y".repeat(100) })}\n\n`;
const server = createServer((req, res) => {
  if (req.url === "/stream") {
    res.writeHead(200, { "content-type": "text/event-stream" });
    let sent = 0;
    const write = () => {
      while (sent < EVENTS) {
        sent++;
        if (!res.write(frame)) return void res.once("drain", write);
      }
      res.end();
    };
    write();
    return;
  }
  res.writeHead(200, { "content-type": "text/html" });
  res.end(`<script>window.read = async () => {
    const reader = (await fetch("/stream")).body.getReader();
    while (!(await reader.read()).done);
  };</script>`);
});
await new Promise((done) => server.listen(0, "127.0.0.1", done));
const url = `http://127.0.0.1:${server.address().port}/`;

const profile = mkdtempSync(join(tmpdir(), "devtools-stream-body-"));
const browser = spawn(
  process.env.CHROME_PATH ?? "/usr/bin/chromium",
  [
    "--headless=new",
    "--no-sandbox",
    "--remote-debugging-port=0",
    `--user-data-dir=${profile}`,
    "about:blank",
  ],
  // a group of its own: /usr/bin/chromium is often a shell script, and the browser must end with it
  { stdio: "ignore", detached: true },
);
const portFile = join(profile, "DevToolsActivePort");
while (!existsSync(portFile) || !readFileSync(portFile, "utf8").includes("\n"))
  await new Promise((done) => setTimeout(done, 100));
const [port, path] = readFileSync(portFile, "utf8").trim().split("\n");
const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`);
await new Promise((done) => socket.addEventListener("open", done));

let lastId = 0;
const answers = new Map();
let onEvent = () => {};
socket.addEventListener("message", ({ data }) => {
  const message = JSON.parse(data);
  if (message.id && answers.has(message.id)) answers.get(message.id)(message.result);
  else onEvent(message);
});
const send = (method, params = {}, sessionId) =>
  new Promise((done) => {
    answers.set(++lastId, done);
    socket.send(JSON.stringify({ id: lastId, method, params, sessionId }));
  });

async function trial(network) {
  const { targetId } = await send("Target.createTarget", { url });
  const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
  await send("Runtime.enable", {}, sessionId);
  await new Promise((done) => setTimeout(done, 1000));
  if (network) await send("Network.enable", {}, sessionId);
  const events = [];
  const complete = new Promise((done) => {
    onEvent = (m) => {
      if (m.method === "Tracing.dataCollected") events.push(...m.params.value);
      if (m.method === "Tracing.tracingComplete") done();
    };
  });
  await send("Tracing.start", {
    categories: "devtools.timeline,disabled-by-default-devtools.timeline,toplevel,blink,loading",
    transferMode: "ReportEvents",
  });
  await send("Runtime.evaluate", { expression: "read()", awaitPromise: true }, sessionId);
  await send("Tracing.end");
  await complete;
  const ms = (e) => `${(e.dur / 1000).toFixed(1)} ms`;
  // the stream's own finish (its ResourceFinish mark, over 1 MB) and the task part that holds it
  const big = events.filter((e) => e.name === "ResourceFinish" && e.args?.data?.encodedDataLength > 1e6);
  const finish = events.filter(
    (e) =>
      e.name === "ResponseBodyLoader::DidFinishLoadingBody" &&
      big.some((b) => b.pid === e.pid && b.tid === e.tid && b.ts >= e.ts && b.ts <= e.ts + e.dur),
  );
  const decoded = events.filter((e) => e.name === "TextResourceDecoder::Decode" && e.args?.data_len > 1e6);
  console.log(
    `Network domain ${network ? "on " : "off"}: finishing the body took ${finish.map(ms).join(", ") || "(not found)"}; ` +
      `the whole body decoded as text: ${decoded.map((e) => `${ms(e)} (${e.args.data_len} bytes)`).join(", ") || "no"}`,
  );
  await send("Target.closeTarget", { targetId });
}

try {
  for (const network of [false, true, false, true]) await trial(network);
} finally {
  socket.close();
  const exited = new Promise((done) => browser.once("exit", done));
  process.kill(-browser.pid);
  await exited;
  server.close();
  rmSync(profile, { recursive: true, force: true });
}
