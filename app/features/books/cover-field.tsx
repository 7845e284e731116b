import { ACCEPTED_IMAGE_TYPES } from "@worker/core/shared/image-type";
import { useState } from "react";
import { useT } from "~/core/i18n";
import { Field } from "~/ui/field";
import { BookCover } from "./book-cover";
import { coverAlt } from "./cover-alt";
import { useObjectUrl } from "./use-object-url";

/**
 * "Cover picture" on Add a book and Edit Book: a file posted with the form (the page's action checks
 * and stores it, see cover-form.server.ts), shown beside the current cover before saving.
 */
export function CoverField({
  current,
  title,
  author,
  description,
  error,
}: {
  current: string | null;
  title: string;
  author?: string;
  description?: string | null;
  error?: string;
}) {
  const t = useT();
  const [chosen, setChosen] = useState<File | null>(null);
  const preview = useObjectUrl(chosen);
  return (
    <div className="flex items-start gap-4">
      {(preview || current) && (
        <div className="w-20 shrink-0">
          <BookCover src={preview ?? current} title={title} alt={coverAlt(t, title, author, preview ? null : description)} className="rounded-md" />
        </div>
      )}
      <Field
        label={t("Cover picture")}
        hint={t("JPG, PNG or GIF, up to 10MB.")}
        error={error}
        labelClassName="mb-1 block text-sm font-semibold"
        className="min-w-0 flex-1"
        announceError={false}
      >
        {(control) => (
          <input
            {...control}
            name="cover"
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(",")}
            onChange={(event) => setChosen(event.currentTarget.files?.[0] ?? null)}
            className="block w-full text-sm text-stone-800 file:me-3 file:min-h-11 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-4 file:py-2 file:font-semibold file:text-stone-800 hover:file:bg-stone-100"
          />
        )}
      </Field>
    </div>
  );
}
