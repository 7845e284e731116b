import { useNavigation } from "react-router";
import { useT } from "~/core/i18n";

/** A thin progress bar while the next page loads, with "Loading book details..." when it is a book. */
export function NavigationStatus() {
  const navigation = useNavigation();
  const t = useT();
  if (navigation.state !== "loading") return null;
  const toBook = /^\/books\/(?!new$)[^/]+$/.test(navigation.location.pathname);
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 top-16 z-30 flex flex-col items-center">
      <div className="h-1 w-full animate-pulse bg-brand-700" />
      {toBook ? (
        <p className="mt-2 rounded-full bg-white px-3 py-1 text-sm text-stone-800 shadow">{t("Loading book details...")}</p>
      ) : (
        <span className="sr-only">{t("Loading…")}</span>
      )}
    </div>
  );
}
