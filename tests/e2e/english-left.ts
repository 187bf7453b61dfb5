/**
 * The language check's walk: the English words left on a Chinese page, outside the model's text and code.
 * Shared by the language e2e files.
 */
import type { Page } from "playwright-core";

/**
 * Latin words a Chinese page keeps: names of things (pi, memfs, the tools), technical terms learners meet
 * in English anyway (JSON, API, token), keys, and JSON Schema's type names.
 */
const KEPT = new Set(
  (
    "pi Pi JSON Lines memfs WebContainer StackBlitz COOP COEP API URL SDK http https token Ctrl Enter Esc Tab " +
    "English read bash edit write grep find ls powershell Windows null abc schema string number integer boolean array object true false " +
    "Operations prepareArguments stopReason isError Anthropic Messages OpenAI id KB MB GB " +
    // providers' and products' names in the Model tab, and pi-ai (pi's model client), OpenAI's Responses API
    "Ollama LM Studio Groq DeepSeek OpenRouter ai Responses " +
    // names from the code and the tutorial a lesson or a drill refers to as they are written there
    "mini safePath AbortSignal execute snippet validate ENOSPC EACCES ENOENT EIO " +
    // the lessons' exercises name the code the learner writes: the dispatch function, the wc tool, the
    // Operations it calls, a result's details field, the tool editor's countdown and lines templates
    "dispatch wc readFile writeFile exec details countdown lines " +
    // the names of pi's prompt sections, which name the section's text in its accessible name
    "preamble tools rules guidelines docs skills cwd date"
  ).split(" "),
);

/** The English words in the page's text, titles and accessible names, outside the model's text and code. */
export async function englishLeft(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const skip = "[data-verbatim], code, pre, kbd, script, style, noscript, textarea, .cm-editor";
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest(skip) || !node.textContent?.trim()) continue;
      found.push(`${node.textContent.trim()}  ⟨${parent.tagName.toLowerCase()}.${parent.className}⟩`);
    }
    for (const el of document.body.querySelectorAll("[title], [aria-label], [placeholder], img[alt]")) {
      if (el.closest(skip)) continue;
      for (const name of ["title", "aria-label", "placeholder", "alt"]) {
        const value = el.getAttribute(name);
        if (value) found.push(`${value}  ⟨@${name} ${el.tagName.toLowerCase()}⟩`);
      }
    }
    return found;
  });
  const left: string[] = [];
  for (const entry of texts) {
    const [text] = entry.split("  ⟨");
    // Runs of printable ASCII between the Chinese; a run that looks like code, a path or an id is data.
    for (const chunk of text.split(/[^\x21-\x7e]+/)) {
      if (/[./_\d{}[\]"'=<>$`:@#]/.test(chunk)) continue;
      for (const word of chunk.match(/[A-Za-z]{2,}/g) ?? []) if (!KEPT.has(word)) left.push(entry);
    }
  }
  return [...new Set(left)];
}
