import type { ReactNode } from "react";
import { useT } from "../i18n";
import "./ModelText.css";

/**
 * Text the model reads (a tool's description, a prompt section, a tool result, pi's error text): always pi's
 * English, whatever the page's language. It carries `lang="en"`, so a screen reader reads it as English and
 * the page's CJK fonts leave it alone, and `data-verbatim`, which the language checks skip.
 */
export function ModelText({
  children,
  block = false,
  className,
}: {
  children: ReactNode;
  block?: boolean;
  className?: string;
}) {
  const Tag = block ? "div" : "span";
  return (
    <Tag lang="en" data-verbatim="model" className={className}>
      {children}
    </Tag>
  );
}

/**
 * Says, in the page's language, that what follows is the model's own English text. English readers need
 * no such note (the text is already in their language), so it shows on a Chinese page only.
 */
export function ModelTextNote() {
  const { t, language } = useT("common");
  if (language === "en") return null;
  return <span className="model-text-note">{t("modelText")}</span>;
}
