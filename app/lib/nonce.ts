import { createContext, useContext } from "react";

/** The CSP nonce of the server response (empty in the browser, where scripts already ran). */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
