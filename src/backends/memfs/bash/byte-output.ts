/**
 * Output handed on as bytes. just-bash encodes a command's text output to UTF-8 before the next command of
 * a pipeline reads it, and that step is slow: a million numbers (6.9 MB) took about 1.5 s to cross one
 * pipe as text and 60 ms as bytes (docs/bash-engine.md §2.3). A command that makes much output (seq, yes)
 * therefore hands it on as bytes: a byte string, one char per byte, which for ASCII is the text itself.
 */
import type { ExecResult } from "just-bash";

const NON_ASCII = /[^\x00-\x7f]/;

/** One char per byte of `bytes` (the engine's byte-string form). */
export function latin1(bytes: Uint8Array): string {
  let text = "";
  // fromCharCode takes its arguments on the stack: a few thousand at a time
  for (let at = 0; at < bytes.length; at += 8192)
    text += String.fromCharCode(...bytes.subarray(at, at + 8192));
  return text;
}

/** `text` as UTF-8 in the engine's byte-string form. */
export function utf8ByteString(text: string): string {
  return NON_ASCII.test(text) ? latin1(new TextEncoder().encode(text)) : text;
}

/** A successful result whose stdout is `text`, handed on as bytes. */
export function byteOutput(text: string, exitCode = 0): ExecResult {
  return { stdout: utf8ByteString(text), stderr: "", exitCode, stdoutKind: "bytes" };
}
