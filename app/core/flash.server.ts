import { createCookie } from "react-router";
import type { ToastType } from "~/ui/toast-types";

// A one-shot message that survives a redirect (e.g. 'Book deleted' after the delete action).
const flashCookie = createCookie("bookclub_flash", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

export interface Flash {
  type: ToastType;
  message: string;
}

export async function setFlash(flash: Flash): Promise<HeadersInit> {
  return { "Set-Cookie": await flashCookie.serialize(flash) };
}

/** Reads and clears the flash message of this request, if any. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; headers: HeadersInit | undefined }> {
  const value = (await flashCookie.parse(request.headers.get("Cookie"))) as Flash | null;
  if (!value || typeof value.message !== "string") return { flash: null, headers: undefined };
  return { flash: value, headers: { "Set-Cookie": await flashCookie.serialize("", { maxAge: 0 }) } };
}
