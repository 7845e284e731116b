import { ACCEPTED_IMAGE_TYPES } from "@worker/core/shared/image-type";
import { DEFAULT_MAX_IMAGES } from "@worker/core/shared/upload-rules";
import { useEffect, useId, useState } from "react";
import { useT } from "~/core/i18n";
import { pickImages } from "./pick-images";
import { useObjectUrl } from "./use-object-url";

function Thumbnail({ file, onRemove }: { file: File; onRemove: () => void }) {
  const t = useT();
  const url = useObjectUrl(file);
  return (
    <li className="relative">
      {url ? (
        <img src={url} alt={t("Selected: {name}", { name: file.name })} className="aspect-[2/3] w-full rounded-md bg-stone-200 object-cover" />
      ) : (
        <div className="aspect-[2/3] w-full rounded-md bg-stone-200" />
      )}
      <button
        type="button"
        onClick={onRemove}
        className="absolute top-1 end-1 flex h-8 w-8 items-center justify-center rounded-full bg-white/95 text-lg shadow"
        aria-label={t("Remove {name}", { name: file.name })}
      >
        ×
      </button>
    </li>
  );
}

export function ImagePicker({
  files,
  onChange,
  max = DEFAULT_MAX_IMAGES,
  disabled = false,
  incoming,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  max?: number;
  disabled?: boolean;
  /** Photos that arrived another way (shared from the gallery): added under the same rules as picked ones. */
  incoming?: File[];
}) {
  const t = useT();
  const inputId = useId();
  const [messages, setMessages] = useState<string[]>([]);
  const add = (chosen: File[]) => {
    const result = pickImages(files, chosen, max, t);
    setMessages(result.messages);
    onChange(result.files);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: each batch of incoming photos is added once, when it arrives
  useEffect(() => {
    if (incoming && incoming.length > 0) add(incoming);
  }, [incoming]);
  return (
    <div className="space-y-3">
      <label
        htmlFor={inputId}
        className="flex min-h-28 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-stone-400 bg-stone-50 p-4 text-center hover:border-brand-700"
      >
        <span className="font-semibold text-stone-900">{t("Choose book cover photos")}</span>
        <span className="text-sm text-stone-700">{t("JPG, PNG or GIF · up to {max} images · 10MB each · 50MB in total", { max })}</span>
      </label>
      <input
        id={inputId}
        type="file"
        // HEIC stays pickable so the member is told why it is skipped rather than not seeing the photo.
        accept={[...ACCEPTED_IMAGE_TYPES, "image/heic", "image/heif", ".heic", ".heif"].join(",")}
        multiple
        capture={undefined}
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          const chosen = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = "";
          add(chosen);
        }}
      />
      {messages.length > 0 && (
        <ul role="alert" className="space-y-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label={t("Selected images")}>
          {files.map((file, index) => (
            <Thumbnail
              // biome-ignore lint/suspicious/noArrayIndexKey: the same photo can be picked twice, so only its place tells them apart
              key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
              file={file}
              onRemove={() => onChange(files.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
