// While offline, the router cannot fetch a page's data, so links and forms go back to the browser:
// a link opens the saved page (or the offline page) from the service worker, and anything that
// would change data on the server is held back with the reason, unless the form says it handles
// being offline itself (data-offline="self").

/** Starts holding navigations while offline; `refuse` tells the member why an action did nothing. Returns the stop. */
export function holdNavigationWhileOffline(refuse: () => void): () => void {
  const onClick = (event: MouseEvent) => {
    if (navigator.onLine || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.("a[href]");
    if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin || link.target || link.hasAttribute("download")) return;
    // Seen before React's own listener: the browser follows the link itself, as a document.
    event.stopPropagation();
  };
  const onSubmit = (event: SubmitEvent) => {
    if (navigator.onLine) return;
    const form = event.target as HTMLFormElement;
    // A form that reports its own failure and keeps what was typed (the message composer's retry).
    if (form.dataset.offline === "self") return;
    const method = (event.submitter?.getAttribute("formmethod") ?? form.getAttribute("method") ?? "get").toLowerCase();
    event.stopPropagation();
    if (method === "get") return;
    event.preventDefault();
    refuse();
  };
  window.addEventListener("click", onClick, true);
  window.addEventListener("submit", onSubmit, true);
  return () => {
    window.removeEventListener("click", onClick, true);
    window.removeEventListener("submit", onSubmit, true);
  };
}
