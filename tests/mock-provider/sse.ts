/**
 * The two wire dialects the mock speaks, as server-sent events: Anthropic Messages (`event:` + `data:`
 * frames, ending with message_stop) and OpenAI chat completions (`data:` frames, a usage chunk, `[DONE]`).
 * Each function turns one scripted turn into the frames a real provider would send for it.
 */

export type MockBlock =
  /** text, sent in `pieces` (one delta each); the whole text when no pieces are given */
  | { type: "text"; text: string; pieces?: string[] }
  | { type: "thinking"; thinking: string; pieces?: string[] }
  /** a tool call whose JSON arguments arrive as `pieces` (joined, they must be the arguments' JSON) */
  | { type: "toolCall"; id: string; name: string; pieces: string[] };

export interface MockTurn {
  blocks: MockBlock[];
  /** "toolUse" when a block is a tool call, else "stop", unless set */
  stopReason?: "stop" | "toolUse" | "length";
  /** answer with this HTTP status and the dialect's error body instead of a stream */
  status?: number;
  /** "malformed": a frame that is not JSON after the first blocks; "cut": the connection drops mid-stream */
  failure?: "malformed" | "cut";
  /** pause between frames (a slow stream) */
  frameDelayMs?: number;
  /** send the frames at this steady rate (a fast stream: one delta is one token), several per write when due */
  framesPerSecond?: number;
  /** after this many frames, send nothing more and keep the connection open (an idle provider) */
  stallAfterFrames?: number;
  /** wait this long before the status line and headers (a server slow to answer at all) */
  headersDelayMs?: number;
  /** with a 429: the Retry-After header, in seconds */
  retryAfterSeconds?: number;
  /** after this many frames, send the rest one byte at a time at this rate (a provider that trickles) */
  trickle?: { afterFrames: number; bytesPerSecond: number };
}

export const MOCK_MODEL = "mock-model";
const USAGE = { input: 120, output: 42 };

const piecesOf = (block: MockBlock): string[] =>
  block.type === "toolCall"
    ? block.pieces
    : (block.pieces ?? [block.type === "text" ? block.text : block.thinking]);

const stopOf = (turn: MockTurn) =>
  turn.stopReason ?? (turn.blocks.some((b) => b.type === "toolCall") ? "toolUse" : "stop");

export function anthropicFrames(turn: MockTurn, n: number): string[] {
  const frame = (event: string, data: object) =>
    `event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`;
  const frames = [
    frame("message_start", {
      message: {
        id: `msg_mock_${n}`,
        type: "message",
        role: "assistant",
        model: MOCK_MODEL,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: USAGE.input, output_tokens: 1 },
      },
    }),
    'event: ping\ndata: {"type":"ping"}\n\n',
  ];
  turn.blocks.forEach((block, index) => {
    const start =
      block.type === "text"
        ? { type: "text", text: "" }
        : block.type === "thinking"
          ? { type: "thinking", thinking: "" }
          : { type: "tool_use", id: block.id, name: block.name, input: {} };
    frames.push(frame("content_block_start", { index, content_block: start }));
    for (const piece of piecesOf(block)) {
      const delta =
        block.type === "text"
          ? { type: "text_delta", text: piece }
          : block.type === "thinking"
            ? { type: "thinking_delta", thinking: piece }
            : { type: "input_json_delta", partial_json: piece };
      frames.push(frame("content_block_delta", { index, delta }));
    }
    if (block.type === "thinking")
      frames.push(
        frame("content_block_delta", { index, delta: { type: "signature_delta", signature: "sig" } }),
      );
    frames.push(frame("content_block_stop", { index }));
  });
  const reason = { stop: "end_turn", toolUse: "tool_use", length: "max_tokens" }[stopOf(turn)];
  frames.push(
    frame("message_delta", {
      delta: { stop_reason: reason, stop_sequence: null },
      usage: { output_tokens: USAGE.output },
    }),
    frame("message_stop", {}),
  );
  return frames;
}

export function openaiFrames(turn: MockTurn, n: number): string[] {
  const envelope = {
    id: `chatcmpl-mock-${n}`,
    object: "chat.completion.chunk",
    created: 1764547200,
    model: MOCK_MODEL,
  };
  const chunk = (delta: object, finish: string | null = null) =>
    `data: ${JSON.stringify({ ...envelope, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const frames = [chunk({ role: "assistant", content: "" })];
  let call = 0;
  for (const block of turn.blocks) {
    if (block.type === "toolCall") {
      const index = call++;
      frames.push(
        chunk({
          tool_calls: [
            { index, id: block.id, type: "function", function: { name: block.name, arguments: "" } },
          ],
        }),
      );
      for (const piece of block.pieces)
        frames.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    } else {
      const field = block.type === "text" ? "content" : "reasoning_content";
      for (const piece of piecesOf(block)) frames.push(chunk({ [field]: piece }));
    }
  }
  const finish = { stop: "stop", toolUse: "tool_calls", length: "length" }[stopOf(turn)];
  frames.push(
    chunk({}, finish),
    `data: ${JSON.stringify({
      ...envelope,
      choices: [],
      usage: {
        prompt_tokens: USAGE.input,
        completion_tokens: USAGE.output,
        total_tokens: USAGE.input + USAGE.output,
      },
    })}\n\n`,
    "data: [DONE]\n\n",
  );
  return frames;
}

/** The body a provider sends with a failure status; a 401 echoes the key as OpenAI does. */
export function errorBody(dialect: "anthropic" | "openai", status: number, key: string): string {
  if (dialect === "anthropic") {
    const type = status === 401 ? "authentication_error" : status === 429 ? "rate_limit_error" : "api_error";
    const message = status === 401 ? "invalid x-api-key" : `mock failure ${status}`;
    return JSON.stringify({ type: "error", error: { type, message } });
  }
  const message =
    status === 401
      ? `Incorrect API key provided: ${key}. You can find your API key at https://platform.openai.com/account/api-keys.`
      : `mock failure ${status}`;
  return JSON.stringify({
    error: { message, type: "invalid_request_error", code: status === 401 ? "invalid_api_key" : null },
  });
}
