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
 * entry, so Back leaves the page rather than stepping through dialogs.
 */
export function useUrlDialog() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const closeHref = `${location.pathname}${withoutDialog(location.search)}`;
  const close = useCallback(() => navigate(closeHref, { replace: true, preventScrollReset: true }), [navigate, closeHref]);
  return { dialog: params.get("dialog"), clubId: params.get("club"), closeHref, close };
}

/**
 * A route's shouldRevalidate: opening or closing a dialog needs no new data, except for dialogs
 * whose content the loader reads (`reads`). Form posts revalidate as usual.
 */
export function revalidateUnlessDialogChange(reads: readonly string[] = []) {
  return ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean => {
    if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
    if (currentUrl.pathname !== nextUrl.pathname || withoutDialog(currentUrl.search) !== withoutDialog(nextUrl.search)) return defaultShouldRevalidate;
    const next = nextUrl.searchParams.get("dialog");
    return next !== null && reads.includes(next) ? defaultShouldRevalidate : false;
  };
}
