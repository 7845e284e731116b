/**
 * A ref for a message that appears below what was pressed (a form's "saved" or "refused" line): it
 * is scrolled into view if it appeared off screen. On a phone the page's scroll-padding (app.css)
 * makes "in view" mean above the fixed bottom bar, safe area included, not behind it.
 */
export function keepInView(element: HTMLElement | null) {
  element?.scrollIntoView({ block: "nearest" });
}
