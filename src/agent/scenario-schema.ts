/**
 * The scenario format as one TypeBox definition. The loader validates with it (src/agent/scenario.ts) and
 * `npm run schema` writes it out as docs/scenario.schema.json for editors, so the two cannot drift.
 *
 * The descriptions double as the hint of an error message: write them as advice to whoever edits a file.
 * Messages inside `assistant` keep pi-ai's shape and accept its other fields (role, usage, timestamp…),
 * so a message copied from a pi session loads; the step objects around them are strict, so a misspelt
 * step field is reported instead of being silently ignored.
 */
import { allToolNames } from "@core/tools/names";
import { type Static, Type } from "typebox";

/** The tools a scenario can switch on: every tool of src/core/tools. */
export const SCENARIO_TOOL_NAMES = [...allToolNames];

const ToolName = Type.Enum(SCENARIO_TOOL_NAMES, {
  description: "A tool of the playground; the names are pi's and are case-sensitive.",
});

export const ToolsSchema = Type.Object(
  {
    active: Type.Array(ToolName, { description: "Tools declared to the model and executable." }),
    hidden: Type.Optional(
      Type.Array(ToolName, {
        description: "Tools that execute when called but are not declared to the model.",
      }),
    ),
  },
  {
    additionalProperties: false,
    description: "The tool set: list the active tools, and optionally hidden ones.",
  },
);

/**
 * Relative, with no `..` segment (so a file lands inside the workspace) and no empty segment (`a//b`,
 * `a/`: memfs would refuse to create them).
 */
export const WORKSPACE_PATH_PATTERN = "^(?!/)(?!.*//)(?!.*/$)(?!(?:.*/)?\\.\\.(?:/|$)).+$";

const FileSpec = Type.Union(
  [
    Type.String({ description: "The file's text." }),
    Type.Object(
      {
        base64: Type.String({
          // Whole groups of four, the last one possibly short or padded: what atob decodes.
          pattern: "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)?$",
          description: "The file's bytes in base64 (A-Z, a-z, 0-9, + and /, = padding, on one line).",
        }),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      { symlink: Type.String({ minLength: 1, description: "Where the symlink points." }) },
      { additionalProperties: false },
    ),
    Type.Object(
      { dir: Type.Literal(true, { description: "An empty folder." }) },
      { additionalProperties: false },
    ),
  ],
  { description: "A file: its text, {base64}, {symlink} or {dir: true}." },
);

export const WorkspaceSchema = Type.Object(
  {
    files: Type.Record(Type.String(), FileSpec, {
      propertyNames: { pattern: WORKSPACE_PATH_PATTERN },
      description:
        "Files by path relative to the workspace root, such as src/app.ts: no leading /, no .. and no empty segment.",
    }),
  },
  {
    additionalProperties: false,
    description: "The files the scenario starts with (instead of the default ones).",
  },
);

const delayMs = Type.Optional(
  Type.Number({
    minimum: 0,
    description:
      "A pause before this step while playing, in milliseconds, in place of the player's own pace (divided by the speed).",
  }),
);

export const TextContentSchema = Type.Object({
  type: Type.Literal("text"),
  text: Type.String({ description: "What the model says." }),
});

export const ThinkingContentSchema = Type.Object({
  type: Type.Literal("thinking"),
  thinking: Type.String({ description: "The model's reasoning, shown folded." }),
});

export const ToolCallSchema = Type.Object({
  type: Type.Literal("toolCall"),
  id: Type.String({ minLength: 1, description: "Every tool call needs an id the result can answer." }),
  name: Type.String({
    minLength: 1,
    description: "The tool to call (an unknown name is answered as pi does).",
  }),
  // Any JSON value, or none: a model can send any of them, and the tool's prepareArguments and
  // validation answer each when the call runs, as pi's do.
  arguments: Type.Optional(
    Type.Unknown({
      description:
        "The call's arguments, usually an object. Any JSON value (or none) loads: they are prepared and validated when the call runs, and a bad one fails the call with pi's text.",
    }),
  ),
});

export const StopReasonSchema = Type.Enum(["stop", "length", "toolUse", "error", "aborted"], {
  description: "Optional: toolUse when the content holds a tool call, otherwise stop.",
});

export const UserStepSchema = Type.Object(
  {
    user: Type.String({ description: "A prompt: starts a run." }),
    abortAfterMs: Type.Optional(
      Type.Number({
        minimum: 0,
        description:
          "Abort the run, as Esc does, once it has worked this long (the player's pauses and waits for Step do not count).",
      }),
    ),
    delayMs,
  },
  { additionalProperties: false },
);

export const AssistantStepSchema = Type.Object(
  {
    assistant: Type.Object(
      {
        content: Type.Array(
          Type.Union([TextContentSchema, ThinkingContentSchema, ToolCallSchema], {
            description: "A block of type text, thinking or toolCall.",
          }),
          {
            description: "Text, thinking and toolCall blocks, as pi-ai's assistant messages hold them.",
          },
        ),
        stopReason: Type.Optional(StopReasonSchema),
        errorMessage: Type.Optional(
          Type.String({ description: "With stopReason error: the provider's error." }),
        ),
      },
      { description: "The model's reply to the next request of the running prompt." },
    ),
    delayMs,
  },
  { additionalProperties: false },
);

export const ToolsStepSchema = Type.Object(
  { tools: ToolsSchema, delayMs },
  { additionalProperties: false, description: "Changes the tool set between runs." },
);

export const StepSchema = Type.Union([UserStepSchema, AssistantStepSchema, ToolsStepSchema], {
  description: "A step: an object with exactly one of user, assistant or tools.",
});

const Translation = Type.Object(
  {
    title: Type.Optional(Type.String({ description: "The title in this language." })),
    description: Type.Optional(Type.String({ description: "The description in this language." })),
  },
  {
    additionalProperties: false,
    description: "The title and description in one language; a field left out is shown in English.",
  },
);

/** The languages a scenario's title and description can be written in besides English (the page's). */
export const TranslationsSchema = Type.Object(
  { "zh-Hans": Type.Optional(Translation), "zh-Hant": Type.Optional(Translation) },
  {
    additionalProperties: false,
    description:
      "The title and description for pages in Simplified (zh-Hans) or Traditional (zh-Hant) Chinese. The steps stay as they are: they are what the model sees.",
  },
);

export const ScenarioSchema = Type.Object(
  {
    $schema: Type.Optional(
      Type.String({ description: "The JSON Schema for editors; the loader ignores it." }),
    ),
    title: Type.Optional(
      Type.String({ description: "Shown in the scenario picker; defaults to the file name." }),
    ),
    description: Type.Optional(
      Type.String({ description: "One or two sentences on what the scenario shows." }),
    ),
    translations: Type.Optional(TranslationsSchema),
    pi: Type.Optional(
      Type.Union([Type.Literal("0.73.1"), Type.Literal("1.6.0")], {
        description:
          "The pi version the scenario is played on: its tools, prompt, validation and loop. Without it, the session's version.",
      }),
    ),
    workspace: Type.Optional(WorkspaceSchema),
    tools: Type.Optional(ToolsSchema),
    steps: Type.Array(StepSchema, {
      description:
        "The steps in order: user starts a run, assistant answers its requests, tools switches tools.",
    }),
  },
  { additionalProperties: false },
);

export type ScenarioInput = Static<typeof ScenarioSchema>;

/** The schema as docs/scenario.schema.json holds it (what `npm run schema` writes). */
export function scenarioJsonSchema(): string {
  const document = {
    $schema: "http://json-schema.org/draft-07/schema#",
    title: "Pi Tool Playground scenario",
    ...ScenarioSchema,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
