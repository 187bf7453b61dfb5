/**
 * Which keys of the language files the code uses, from its text: `useT("ns")` names a file's namespace,
 * `t("key")` a key of it, `t("ns:key")` a key of another. A key built at run time from a template
 * (`state.${s}`, in a `t(` call or a helper) is seen by its fixed start: `state.` marks every key under it
 * used, so an enum's keys live together under one prefix (`state.` or `check_`). A component that hands a key
 * to a helper of its own (`{ key: "linkCopied" }`, `fail("exportFailed")`) names it as a string literal in
 * the same file: any string literal of a file that takes a namespace counts as a key of that namespace.
 */
export interface KeyUse {
  /** namespace → keys named in full */
  keys: Map<string, Set<string>>;
  /** namespace → prefixes of keys built at run time */
  prefixes: Map<string, Set<string>>;
}

const add = (map: Map<string, Set<string>>, ns: string, value: string) => {
  const set = map.get(ns) ?? new Set<string>();
  set.add(value);
  map.set(ns, set);
};

export function keysUsed(files: readonly string[]): KeyUse {
  const use: KeyUse = { keys: new Map(), prefixes: new Map() };
  for (const text of files) {
    const own = [...text.matchAll(/useT\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]);
    const record = (raw: string, dynamic: boolean) => {
      const colon = raw.indexOf(":");
      const namespaces = colon > 0 ? [raw.slice(0, colon)] : own;
      const key = colon > 0 ? raw.slice(colon + 1) : raw;
      for (const ns of namespaces) add(dynamic ? use.prefixes : use.keys, ns, key);
    };
    // t("key"), t(cond ? "a" : "b") and every other string literal handed to a `t(` call's first argument
    for (const m of text.matchAll(/\bt\(\s*([^,)]*)/g))
      for (const lit of m[1].matchAll(/"([^"]+)"/g)) record(lit[1], false);
    // a key built from a template, in a t( call or in a helper that makes keys (`stage.${s}`)
    for (const m of text.matchAll(/`((?:\w+:)?[A-Za-z][\w.]*[._])\$\{/g)) record(m[1], true);
    // a key handed to a helper: every plain string literal of a file that takes a namespace
    if (own.length > 0) for (const m of text.matchAll(/"([A-Za-z][\w.]*)"/g)) record(m[1], false);
  }
  return use;
}

/** `a.b_one` → `a.b`: i18next picks the plural form from `count`. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "");

export function isUsed(use: KeyUse, namespace: string, key: string): boolean {
  if (use.keys.get(namespace)?.has(base(key))) return true;
  for (const prefix of use.prefixes.get(namespace) ?? []) if (key.startsWith(prefix)) return true;
  return false;
}
