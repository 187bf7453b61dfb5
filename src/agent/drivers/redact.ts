/**
 * Provider error texts can echo the API key (an OpenAI-style 401 quotes a short key verbatim), and an
 * error text becomes an event, a transcript entry and part of an export. Everything that looks like a key
 * is therefore masked before an error leaves the driver: the known keys themselves, and anything shaped
 * like one (`sk-…`, `sk-ant-…`, a long token after "key" or "Bearer").
 */

/** Known keys shorter than this are not searched for: they would erase ordinary words ("ollama"). */
export const MIN_REDACTED_KEY_LENGTH = 8;

const MASK = "••••";

/** How a known key is shown once masked: its last four characters only when it is long enough to spare them. */
export function maskKey(key: string): string {
  return key.length >= 16 ? `${MASK}${key.slice(-4)}` : MASK;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Anthropic and OpenAI key prefixes, then the key itself (letters, digits, "-" and "_").
const KEY_SHAPED = /\bsk-(?:ant-)?[A-Za-z0-9_-]{8,}/g;
// "Bearer <token>" as an Authorization header or an echo of one.
const BEARER = /(\bBearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi;
// "key", "api_key", "x-api-key", "apiKey" (maybe "provided"), then ":" "=" or quotes, then a long token.
const AFTER_KEY =
  /(\b(?:api[_-]?|x-api-)?key(?:\s+provided)?["']?\s*[:=]?\s*["']?)([A-Za-z0-9+/=._-]{16,})/gi;

/**
 * Masks `keys` (each occurrence, at least MIN_REDACTED_KEY_LENGTH long) and anything shaped like an API
 * key in `text`. Pure: the same text and keys always give the same result.
 */
export function redactSecrets(text: string, keys: readonly string[] = []): string {
  let out = text;
  const known = [...new Set(keys)].filter((k) => k.length >= MIN_REDACTED_KEY_LENGTH);
  // Longest first, so a key that contains another is masked whole.
  known.sort((a, b) => b.length - a.length);
  for (const key of known) out = out.replace(new RegExp(escapeRegExp(key), "g"), maskKey(key));
  out = out.replace(KEY_SHAPED, (match) => (match.startsWith("sk-ant-") ? `sk-ant-${MASK}` : `sk-${MASK}`));
  out = out.replace(BEARER, (_m, prefix: string) => `${prefix}${MASK}`);
  out = out.replace(AFTER_KEY, (_m, prefix: string) => `${prefix}${MASK}`);
  return out;
}
