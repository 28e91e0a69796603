import { render, toPlainText } from "@react-email/render";
import type { ReactElement } from "react";

/** The HTML and the plain-text part of a React Email template. */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element);
  return { html, text: toPlainText(html) };
}
