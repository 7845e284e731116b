import { useEffect, useId, useMemo, useState } from "react";
import {
  ACCEPTED_IMAGE_TYPES,
  DEFAULT_MAX_IMAGES,
  isHeic,
  MAX_IMAGE_BYTES,
  MAX_TOTAL_BYTES,
} from "../../worker/shared/upload-rules";

/** Applies the picker's rules to newly chosen files; returns what to keep and what to tell the member. */
export function pickImages(current: File[], chosen: File[], max: number): { files: File[]; messages: string[] } {
  const messages: string[] = [];
  const heic = chosen.filter(isHeic);
  if (heic.length) {
    messages.push(`HEIC/HEIF photos are not supported and were skipped: ${heic.map((f) => f.name).join(", ")}. Please use JPG, PNG or GIF.`);
  }
  const unsupported = chosen.filter((f) => !isHeic(f) && !ACCEPTED_IMAGE_TYPES.includes(f.type as (typeof ACCEPTED_IMAGE_TYPES)[number]));
  if (unsupported.length) {
    messages.push(`Only JPG, PNG and GIF images are supported. Skipped: ${unsupported.map((f) => f.name).join(", ")}`);
  }
  const tooBig = chosen.filter((f) => !isHeic(f) && f.size > MAX_IMAGE_BYTES);
  if (tooBig.length) messages.push(`Some files exceed 10MB and were skipped: ${tooBig.map((f) => f.name).join(", ")}`);

  let accepted = chosen.filter((f) => !heic.includes(f) && !unsupported.includes(f) && !tooBig.includes(f));
  const room = max - current.length;
  if (accepted.length > room) {
    messages.push(`Maximum ${max} images allowed. You can add ${Math.max(0, room)} more.`);
    accepted = accepted.slice(0, Math.max(0, room));
  }
  const total = [...current, ...accepted].reduce((sum, f) => sum + f.size, 0);
  if (total > MAX_TOTAL_BYTES) {
    messages.push("Total selected size exceeds 50MB. Please add fewer or smaller images.");
    return { files: current, messages };
  }
  return { files: [...current, ...accepted], messages };
}

function Thumbnail({ file, onRemove }: { file: File; onRemove: () => void }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <li className="relative">
      <img src={url} alt={`Selected image ${file.name}`} className="aspect-[2/3] w-full rounded-md bg-stone-200 object-cover" />
      <button
        type="button"
        onClick={onRemove}
        className="absolute top-1 right-1 flex h-8 w-8 items-center justify-center rounded-full bg-white/95 text-lg shadow"
        aria-label={`Remove ${file.name}`}
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
}: {
  files: File[];
  onChange: (files: File[]) => void;
  max?: number;
  disabled?: boolean;
}) {
  const inputId = useId();
  const [messages, setMessages] = useState<string[]>([]);
  return (
    <div className="space-y-3">
      <label
        htmlFor={inputId}
        className="flex min-h-28 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-stone-400 bg-stone-50 p-4 text-center hover:border-brand-700"
      >
        <span className="font-semibold text-stone-900">Choose book cover photos</span>
        <span className="text-sm text-stone-700">
          JPG, PNG or GIF · up to {max} images · 10MB each · 50MB in total
        </span>
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/heic,image/heif,.heic,.heif"
        multiple
        capture={undefined}
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          const chosen = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = "";
          const result = pickImages(files, chosen, max);
          setMessages(result.messages);
          onChange(result.files);
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
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Selected images">
          {files.map((file, index) => (
            <Thumbnail
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
