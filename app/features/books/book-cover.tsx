import type { Translate } from "@worker/core/shared/translate";
import { useT } from "~/core/i18n";
import { BooksIcon } from "~/ui/icons";

/**
 * A cover image, or a drawn placeholder when the book has none. Its alt text names the book and, when
 * the cover analysis or the owner described it, what it shows: "Cover of Middlemarch by George Eliot:
 * a woman in a green dress reading by a window".
 */
export function BookCover({
  src,
  title,
  author,
  description,
  className = "",
  eager = false,
}: {
  src: string | null;
  title: string;
  author?: string | null;
  /** What the cover shows (books.cover_alt). */
  description?: string | null;
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
      alt={coverAlt(t, name, author, description)}
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

/** The cover's alt text in the reader's language; the description is the analysis's or the owner's words. */
export function coverAlt(t: Translate, title: string, author?: string | null, description?: string | null): string {
  if (author && description) return t("Cover of {title} by {author}: {description}", { title, author, description });
  if (description) return t("Cover of {title}: {description}", { title, description });
  if (author) return t("Cover of {title} by {author}", { title, author });
  return t("Cover of {title}", { title });
}
