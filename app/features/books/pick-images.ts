import { isAcceptedImageType } from "@worker/core/shared/image-type";
import { isHeic, MAX_IMAGE_BYTES, MAX_TOTAL_BYTES } from "@worker/core/shared/upload-rules";

/** Applies the picker's rules to newly chosen files; returns what to keep and what to tell the member. */
export function pickImages(current: File[], chosen: File[], max: number): { files: File[]; messages: string[] } {
  const messages: string[] = [];
  const heic = chosen.filter(isHeic);
  if (heic.length) {
    messages.push(`HEIC/HEIF photos are not supported and were skipped: ${heic.map((f) => f.name).join(", ")}. Please use JPG, PNG or GIF.`);
  }
  const unsupported = chosen.filter((f) => !isHeic(f) && !isAcceptedImageType(f.type));
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
