import type { CatalogueName } from "@worker/core/i18n/catalogue-names";
import { catalogueMessages } from "@worker/core/i18n/catalogues";
import { requestContext } from "@worker/core/request-context";
import type { CompiledMessages } from "@worker/core/shared/translate";
import type { RouterContextProvider } from "react-router";

/**
 * The messages one page needs, in the request's language, for its loader to return as `catalogue`:
 * the shell's come with the root loader once; each route names its own feature and any whose
 * components it shows. They travel with the route's data, so no language is in the JavaScript.
 */
export function pageMessages(context: Readonly<RouterContextProvider>, ...namespaces: CatalogueName[]): Promise<CompiledMessages> {
  return catalogueMessages(context.get(requestContext).language, namespaces);
}
