import { SAME_ORIGIN } from "../account/member-support";
import { call } from "./http";

/** A server-rendered page: its status and HTML. */
export async function page(path: string, cookie?: string) {
  const response = await call(path, { cookie });
  return { status: response.status, html: await response.text() };
}

/** A plain (pre-hydration) form post to a page's action, from this origin. */
export function postForm(path: string, fields: Record<string, string>, cookie: string) {
  return call(path, { method: "POST", headers: { ...SAME_ORIGIN, Cookie: cookie }, body: new URLSearchParams(fields) });
}

/** The server-rendered open dialog labelled `title`, up to its end, or null when it is not open. */
export function openDialog(html: string, title: string) {
  const heading = html.match(new RegExp(`<h2 id="([^"]+)"[^>]*>${title}</h2>`));
  if (!heading) return null;
  const start = html.lastIndexOf("<dialog", heading.index);
  const tag = html.slice(start, html.indexOf(">", start) + 1);
  if (!tag.includes(" open=") || !tag.includes(`aria-labelledby="${heading[1]}"`)) return null;
  return html.slice(start, html.indexOf("</dialog>", start));
}
