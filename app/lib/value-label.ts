import { isMessageKey, type Translator } from "~/i18n";

/** A stored value's label (a status, an actor): the message `${prefix}.${value}` when there is one, else the value itself. */
export function valueLabel(t: Translator, prefix: string, value: string): string {
  const key = `${prefix}.${value}`;
  return isMessageKey(key) ? t(key) : value;
}
