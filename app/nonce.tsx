import { createContext, useContext } from "react";

// The CSP nonce travels from the Worker to <Scripts> through React context, never through HTML data.
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
