import { useT } from "~/core/i18n";
import { BooksIcon } from "~/ui/icons";

/**
 * A cover image, or a drawn placeholder when the book has none. `alt` names the book and what the
 * cover shows (coverAlt); without it, "Cover of {title}".
 */
export function BookCover({
  src,
  title,
  alt,
  className = "",
  eager = false,
}: {
  src: string | null;
  title: string;
  alt?: string;
  className?: string;
  eager?: boolean;
}) {
  const t = useT();
  const name = title || t("Untitled Book");
  if (!src) {
    return (
      <div
        role="img"
        aria-label={t("No cover for {title}", { title: name })}
        className={`flex aspect-[2/3] items-center justify-center bg-gradient-to-br from-stone-200 to-stone-300 text-stone-600 ${className}`}
      >
        <BooksIcon className="h-10 w-10" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt ?? t("Cover of {title}", { title: name })}
      width={400}
      height={600}
      loading={eager ? "eager" : "lazy"}
      // The first covers are the page's largest paint; ask for them first.
      fetchPriority={eager ? "high" : "auto"}
      decoding="async"
      className={`aspect-[2/3] w-full bg-stone-200 object-cover ${className}`}
    />
  );
}
