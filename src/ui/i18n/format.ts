import type { Language } from "./languages";

/**
 * Numbers, sizes and durations in the page's language (digit grouping, decimal mark, units). Tool
 * results and the prompt are the model's text and never pass through here.
 */
export function createFormatters(language: Language) {
  const integer = new Intl.NumberFormat(language);
  const oneDecimal = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const unit = (value: number, name: "byte" | "kilobyte" | "megabyte" | "millisecond" | "second") =>
    new Intl.NumberFormat(language, {
      style: "unit",
      unit: name,
      unitDisplay: "short",
      maximumFractionDigits: value < 10 && name !== "byte" && name !== "millisecond" ? 1 : 0,
    }).format(value);
  return {
    count: (n: number) => integer.format(n),
    decimal: (n: number) => oneDecimal.format(n),
    /** bytes for people: B below 1 KB, then KB and MB (1,024-based, as file managers show them) */
    bytes: (n: number) =>
      n < 1024
        ? unit(n, "byte")
        : n < 1024 * 1024
          ? unit(n / 1024, "kilobyte")
          : unit(n / 1024 / 1024, "megabyte"),
    /** tenths of a ms below 10 ms, whole ms below 10 s, then seconds; "–" when there is none yet */
    duration: (ms: number | null | undefined) => {
      if (ms === null || ms === undefined) return "–";
      if (ms < 10)
        return new Intl.NumberFormat(language, {
          style: "unit",
          unit: "millisecond",
          unitDisplay: "short",
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }).format(ms);
      if (ms < 10_000) return unit(Math.round(ms), "millisecond");
      return new Intl.NumberFormat(language, {
        style: "unit",
        unit: "second",
        unitDisplay: "short",
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }).format(ms / 1000);
    },
  };
}

export type Formatters = ReturnType<typeof createFormatters>;
