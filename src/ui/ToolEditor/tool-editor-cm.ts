// Loaded with the tool editor (a lazy chunk): CodeMirror's TypeScript mode, completion and lint stay out
// of the first bundle.

import type { LearnerToolProblem } from "@agent/events";
import { autocompletion } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { javascript } from "@codemirror/lang-javascript";
import { defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { type Diagnostic, forceLinting, linter, lintGutter } from "@codemirror/lint";
import { EditorState, type Extension, type Text } from "@codemirror/state";
import { EditorView, keymap, lineNumbers } from "@codemirror/view";
import { toolCompletions } from "./completions";

export interface MountedToolEditor {
  getText(): string;
  setText(text: string): void;
  /** problems from the last registration, shown until the text changes */
  showProblems(problems: readonly LearnerToolProblem[]): void;
  destroy(): void;
}

function toDiagnostic(doc: Text, p: LearnerToolProblem, word: (p: LearnerToolProblem) => string): Diagnostic {
  const line = doc.line(Math.min(Math.max(p.line ?? 1, 1), doc.lines));
  const from = line.from + Math.min(p.column ?? 0, line.length);
  return { from, to: p.line ? line.to : from, severity: "error", message: `${word(p)}: ${p.message}` };
}

export function mountToolEditor(
  parent: HTMLElement,
  options: {
    text: string;
    label: string;
    onChange: (text: string) => void;
    check: (text: string) => Promise<readonly LearnerToolProblem[]>;
    /** the problem's kind in the page's language */
    word: (p: LearnerToolProblem) => string;
    /** more editor configuration (a lesson's exercise adds its own highlighting) */
    extensions?: Extension[];
  },
): MountedToolEditor {
  let extra: readonly LearnerToolProblem[] = [];
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: options.text,
      extensions: [
        lineNumbers(),
        lintGutter(),
        history(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        javascript({ typescript: true }),
        autocompletion({ override: [toolCompletions] }),
        linter(
          async (v) => {
            const text = v.state.doc.toString();
            const found = await options.check(text).catch(() => []);
            if (v.state.doc.toString() !== text) return [];
            return [...found, ...extra].map((p) => toDiagnostic(v.state.doc, p, options.word));
          },
          { delay: 300 },
        ),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorView.contentAttributes.of({ "aria-label": options.label }),
        EditorView.updateListener.of((u) => {
          if (!u.docChanged) return;
          extra = [];
          options.onChange(u.state.doc.toString());
        }),
        EditorView.theme({ "&": { height: "100%" }, ".cm-scroller": { overflow: "auto" } }),
        ...(options.extensions ?? []),
      ],
    }),
  });
  view.scrollDOM.tabIndex = 0;
  return {
    getText: () => view.state.doc.toString(),
    setText: (text) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }),
    showProblems(problems) {
      extra = problems.filter((p) => p.code !== "syntax" && p.code !== "unsupported");
      forceLinting(view);
    },
    destroy: () => view.destroy(),
  };
}
