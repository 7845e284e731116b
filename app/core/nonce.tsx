import { createContext, useContext } from "react";

// The CSP nonce travels from the Worker to <Scripts> through React context, never through HTML data.
// In the browser the nonce is hidden (reads as ""), so "" is what hydration must see there.
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
