// Loaded with a lesson's code exercise (a lazy chunk): the tool editor's CodeMirror, with a highlighting
// whose every colour keeps 4.5:1 contrast on the lessons panel (CodeMirror's default orange for template
// strings and red for invalid tokens do not).
import { defaultHighlightStyle, HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { mountToolEditor } from "../ToolEditor/tool-editor-cm";

const DARKER: Record<string, string> = { "#e40": "#a3360b", "#f00": "#c00" };

const readable = HighlightStyle.define(
  defaultHighlightStyle.specs.map((spec) =>
    typeof spec.color === "string" && DARKER[spec.color] ? { ...spec, color: DARKER[spec.color] } : spec,
  ),
);

export function mountExerciseEditor(
  parent: HTMLElement,
  options: Omit<Parameters<typeof mountToolEditor>[1], "extensions">,
) {
  return mountToolEditor(parent, { ...options, extensions: [syntaxHighlighting(readable)] });
}
