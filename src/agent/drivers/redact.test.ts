import { describe, expect, it } from "vitest";
import { MIN_REDACTED_KEY_LENGTH, maskKey, redactSecrets } from "./redact";

describe("redactSecrets", () => {
  it("masks a known key wherever it appears, keeping the last four of a long one", () => {
    const key = "my-very-private-local-token-7f3a";
    expect(redactSecrets(`401 Incorrect API key provided: ${key}. Again: ${key}`, [key])).toBe(
      "401 Incorrect API key provided: ••••7f3a. Again: ••••7f3a",
    );
    expect(redactSecrets("401 Incorrect API key provided: bad-key-123.", ["bad-key-123"])).toBe(
      "401 Incorrect API key provided: ••••.",
    );
  });

  it("masks a key that contains regular-expression characters literally", () => {
    expect(redactSecrets("key was a+b*c(d)e.f", ["a+b*c(d)e.f"])).toBe("key was ••••");
  });

  it(`leaves known keys shorter than ${MIN_REDACTED_KEY_LENGTH} characters alone (they would erase words)`, () => {
    expect(redactSecrets("ollama is not running", ["ollama"])).toBe("ollama is not running");
  });

  it("masks Anthropic and OpenAI shaped keys without being told them", () => {
    expect(redactSecrets("bad key sk-ant-api03-AbC_dEf-123456789 rejected")).toBe(
      "bad key sk-ant-•••• rejected",
    );
    expect(redactSecrets("got sk-proj-AbCdEf0123456789xyz")).toBe("got sk-••••");
    expect(redactSecrets("got sk-1234567890abcdef")).toBe("got sk-••••");
  });

  it("masks a long token after Bearer or after a key label", () => {
    expect(redactSecrets("Authorization: Bearer abc.DEF-123_456~789")).toBe("Authorization: Bearer ••••");
    expect(redactSecrets('{"api_key": "0123456789abcdef0123"}')).toBe('{"api_key": "••••"}');
    expect(redactSecrets("x-api-key=QUJDREVGR0hJSktMTU5PUFFSU1RV")).toBe("x-api-key=••••");
    expect(redactSecrets("Incorrect API key provided: 9f86d081884c7d659a2feaa0c55ad015")).toBe(
      "Incorrect API key provided: ••••",
    );
  });

  it("leaves ordinary error texts as they are", () => {
    for (const text of [
      "Connection error.",
      '401 {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}',
      "The key is wrong",
      "Request was aborted",
      "task-force skeleton",
    ])
      expect(redactSecrets(text, [])).toBe(text);
  });

  it("is pure: same input, same output, nothing kept between calls", () => {
    const text = "key: sk-ant-0123456789abcdef and bad-key-123456";
    const once = redactSecrets(text, ["bad-key-123456"]);
    expect(redactSecrets(text, ["bad-key-123456"])).toBe(once);
    expect(redactSecrets(text)).toContain("bad-key-123456");
  });

  it("shows a masked key as four dots, plus the last four for long keys", () => {
    expect(maskKey("short")).toBe("••••");
    expect(maskKey("sk-ant-api03-0123456789")).toBe("••••6789");
  });
});
