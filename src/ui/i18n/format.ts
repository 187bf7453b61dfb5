import type { Language } from "./languages";

/**
 * Numbers, sizes and durations in the page's language (digit grouping, decimal mark, units). Tool
 * results and the prompt are the model's text and never pass through here.
 */
/** The size units in each language, with the space (or none) that goes before them. */
const BYTE_UNITS: Record<Language, { b: string; kb: string; mb: string }> = {
  en: { b: " B", kb: " KB", mb: " MB" },
  "zh-Hans": { b: " 字节", kb: " KB", mb: " MB" },
  "zh-Hant": { b: " 位元組", kb: " KB", mb: " MB" },
};

export function createFormatters(language: Language) {
  const integer = new Intl.NumberFormat(language);
  const oneDecimal = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const unit = (value: number, name: "millisecond") =>
    new Intl.NumberFormat(language, { style: "unit", unit: name, unitDisplay: "short" }).format(value);
  return {
    count: (n: number) => integer.format(n),
    decimal: (n: number) => oneDecimal.format(n),
    /**
     * bytes for people: bytes below 1 KB, then KB and MB (1,024-based, as file managers show them). Intl's
     * own byte unit reads "512 byte" in English and Traditional Chinese, so the units are the page's own.
     */
    bytes: (n: number) => {
      const [value, name] =
        n < 1024 ? [n, "b"] : n < 1024 * 1024 ? [n / 1024, "kb"] : [n / 1024 / 1024, "mb"];
      const digits = name !== "b" && value < 10 ? 1 : 0;
      const number = new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
      return `${number}${BYTE_UNITS[language][name as "b" | "kb" | "mb"]}`;
    },
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
