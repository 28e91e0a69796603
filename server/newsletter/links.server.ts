import { env } from "../env.server";

export function confirmUrl(token: string): string {
  return `${env().publicUrl}/newsletter/confirm/${encodeURIComponent(token)}`;
}

export function unsubscribeUrl(token: string): string {
  return `${env().publicUrl}/newsletter/unsubscribe/${encodeURIComponent(token)}`;
}

/**
 * Headers every newsletter e-mail carries, so mail clients offer their own unsubscribe button
 * (RFC 2369, and RFC 8058's one-click POST, which the unsubscribe page's action accepts).
 */
export function unsubscribeHeaders(token: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(token)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
