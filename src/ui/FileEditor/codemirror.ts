// Loaded on first use (dynamic import from FileEditor), so CodeMirror stays out of the first bundle.
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { javascript } from "@codemirror/lang-javascript";
import { json } from "@codemirror/lang-json";
import { markdown } from "@codemirror/lang-markdown";
import { defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { EditorState, type Extension } from "@codemirror/state";
import { EditorView, keymap, lineNumbers } from "@codemirror/view";

function language(path: string): Extension {
  if (/\.(m|c)?[jt]sx?$/.test(path))
    return javascript({ typescript: /\.(m|c)?tsx?$/.test(path), jsx: path.endsWith("x") });
  if (path.endsWith(".json")) return json();
  if (/\.(md|markdown)$/.test(path)) return markdown();
  return [];
}

export interface MountedEditor {
  view: EditorView;
  getText(): string;
  setText(text: string): void;
  destroy(): void;
}

export function mountEditor(
  parent: HTMLElement,
  /** `label`: the editor's accessible name, in the page's language */
  options: {
    path: string;
    label: string;
    text: string;
    onChange: (text: string) => void;
    onSave: () => void;
  },
): MountedEditor {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: options.text,
      extensions: [
        lineNumbers(),
        EditorView.lineWrapping,
        history(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        language(options.path),
        keymap.of([
          {
            key: "Mod-s",
            preventDefault: true,
            run: () => {
              options.onSave();
              return true;
            },
          },
          ...defaultKeymap,
          ...historyKeymap,
          // Tab indents, Esc then Tab leaves the editor (CodeMirror's documented escape hatch).
          indentWithTab,
        ]),
        EditorView.contentAttributes.of({ "aria-label": options.label }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) options.onChange(u.state.doc.toString());
        }),
        EditorView.theme({ "&": { height: "100%" }, ".cm-scroller": { overflow: "auto" } }),
      ],
    }),
  });
  // The scroller must be reachable by keyboard on its own (axe: scrollable-region-focusable).
  view.scrollDOM.tabIndex = 0;
  return {
    view,
    getText: () => view.state.doc.toString(),
    setText: (text) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }),
    destroy: () => view.destroy(),
  };
}
