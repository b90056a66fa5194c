import { createContext, useContext } from "react";

/** The CSP nonce of the current response, for the inline scripts React Router renders. */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
