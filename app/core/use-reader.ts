import { type Reader, UTC_READER } from "@worker/core/shared/date-format";
import { useRouteLoaderData } from "react-router";

/**
 * Whom the page's dates are written for: the root loader's reader, so every component writes dates
 * in the one family, and the server's render and the hydrated page agree.
 */
export function useReader(): Reader {
  const shell = useRouteLoaderData("root") as { reader?: Reader } | undefined;
  return shell?.reader ?? UTC_READER;
}
