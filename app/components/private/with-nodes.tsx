import { Fragment, type ReactNode } from "react";

/**
 * Fills `{placeholders}` of a translated text with elements (a mail link, a calendar link), so
 * the sentence stays one message per language instead of fragments glued together.
 */
export function withNodes(template: string, nodes: Record<string, ReactNode>): ReactNode {
  const parts = template.split(/\{(\w+)\}/g);
  return parts.map((part, index) =>
    index % 2 === 1 ? <Fragment key={index}>{part in nodes ? nodes[part] : `{${part}}`}</Fragment> : part,
  );
}
