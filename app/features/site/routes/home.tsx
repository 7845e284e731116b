import { redirect } from "react-router";
import { PUBLIC_PAGE_HANDLE } from "~/core/i18n";

// Public: search engines find each language of this page.
export const handle = PUBLIC_PAGE_HANDLE;

export const loader = () => redirect("/library");
