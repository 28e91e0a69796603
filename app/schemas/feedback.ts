import type { MessageKey, TranslateParams } from "~/i18n";

/**
 * What an admin content action (articles, uploads, events, codes) tells the admin: a title such
 * as 'Fout' and the reason. Shared by those pages.
 */
export type Feedback = {
  kind: "success" | "error";
  title: MessageKey;
  message?: MessageKey;
  params?: TranslateParams;
};
