import type { KnownModel } from "@agent/drivers/model-catalog";
import type { ModelApi } from "@agent/drivers/model-presets";
import { useEffect, useState } from "react";
import { useT } from "../i18n";
import "./ModelField.css";

type Catalog = typeof import("@agent/drivers/model-catalog");

/** pi-ai's model table arrives with its own chunk, fetched the first time the Model tab is shown. */
let catalog: Promise<Catalog> | undefined;
const loadCatalog = () => {
  catalog ??= import("@agent/drivers/model-catalog");
  return catalog;
};

interface Loaded {
  provider: string;
  api: ModelApi;
  models: readonly KnownModel[];
  defaults: Catalog["UNKNOWN_MODEL_DEFAULTS"];
}

/** The models pi-ai knows for this provider and dialect: null until the table has loaded (or if it failed). */
function useKnownModels(provider: string, api: ModelApi): Loaded | null {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let live = true;
    loadCatalog().then(
      (c) => {
        if (live)
          setLoaded({
            provider,
            api,
            models: c.knownModels(provider, api),
            defaults: c.UNKNOWN_MODEL_DEFAULTS,
          });
      },
      () => {
        catalog = undefined; // a failed fetch (offline) is tried again next time
      },
    );
    return () => {
      live = false;
    };
  }, [provider, api]);
  return loaded && loaded.provider === provider && loaded.api === api ? loaded : null;
}

/**
 * The Model field: free text, offering the models pi-ai knows for the chosen provider (a datalist), and
 * under it what the typed model gets: its context window and prices from pi-ai's table, or pi's defaults
 * for a model given by id only.
 */
export function ModelField(props: {
  id: string;
  provider: string;
  api: ModelApi;
  value: string;
  onChange(value: string): void;
}) {
  const { id, provider, api, value } = props;
  const { t, language, format } = useT("modelPrompt");
  const known = useKnownModels(provider, api);
  const price = new Intl.NumberFormat(language, {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 3,
  });
  const model = known?.models.find((m) => m.id === value.trim());
  const listId = `${id}-known`;
  const noteId = `${id}-about`;
  const about = !known
    ? t("loadingModels")
    : model
      ? t("knownModel", {
          context: format.count(model.contextWindow),
          maxTokens: format.count(model.maxTokens),
          input: price.format(model.cost.input),
          output: price.format(model.cost.output),
        })
      : t(known.models.length ? "unknownModel" : "noKnownModels", {
          context: format.count(known.defaults.contextWindow),
          maxTokens: format.count(known.defaults.maxTokens),
          count: known.models.length,
        });
  return (
    <div className="model-field">
      <input
        id={id}
        list={known?.models.length ? listId : undefined}
        value={value}
        spellCheck={false}
        autoComplete="off"
        aria-describedby={noteId}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {known?.models.length ? (
        <datalist id={listId}>
          {known.models.map((m) => (
            <option key={m.id} value={m.id}>
              {t("option", {
                name: m.name,
                context: format.count(m.contextWindow),
                input: price.format(m.cost.input),
                output: price.format(m.cost.output),
              })}
            </option>
          ))}
        </datalist>
      ) : null}
      <span id={noteId} className="model-field__about muted">
        {about}
      </span>
    </div>
  );
}
