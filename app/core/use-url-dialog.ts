import { useCallback } from "react";
import { type ShouldRevalidateFunctionArgs, useLocation, useNavigate } from "react-router";

/** The query parameters that say which dialog is open, and for which club. */
export const DIALOG_PARAMS = ["dialog", "club"] as const;

/** The same address with no dialog open. */
export function withoutDialog(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of DIALOG_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

/**
 * Which dialog a page shows lives in its address (`?dialog=edit&club=…`), so the buttons that open
 * one are GET forms and the dialog's own form posts to the page's action: both work before
 * hydration, and the server renders the dialog open. Opening and closing replace the history
 * entry, so Back leaves the page rather than stepping through dialogs, and load nothing new
 * (`defaultShouldRevalidate: false`) unless the dialog shows data the loader reads.
 */
export function useUrlDialog() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const closeHref = `${location.pathname}${withoutDialog(location.search)}`;
  const close = useCallback(() => navigate(closeHref, { replace: true, preventScrollReset: true, defaultShouldRevalidate: false }), [navigate, closeHref]);
  return { dialog: params.get("dialog"), clubId: params.get("club"), closeHref, close };
}

/**
 * A route's shouldRevalidate for pages with address-driven dialogs: opening one loads nothing new,
 * unless the dialog shows data the loader reads (`reads`). Everything else, closing included, keeps
 * the router's default: the redirect that closes a dialog after its form was saved looks just like a
 * close in these arguments and must load the saved data; the Cancel links and Escape already ask for
 * no revalidation themselves (useUrlDialog's close, `defaultShouldRevalidate={false}`).
 */
export function revalidateUnlessDialogChange(reads: readonly string[] = []) {
  return ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean => {
    if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
    const samePage = currentUrl.pathname === nextUrl.pathname && withoutDialog(currentUrl.search) === withoutDialog(nextUrl.search);
    const opening = currentUrl.searchParams.get("dialog") === null ? nextUrl.searchParams.get("dialog") : null;
    if (samePage && opening !== null && !reads.includes(opening)) return false;
    return defaultShouldRevalidate;
  };
}
