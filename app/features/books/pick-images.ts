import { isAcceptedImageType } from "@worker/core/shared/image-type";
import { asKey, type Translate } from "@worker/core/shared/translate";
import { isHeic, MAX_IMAGE_BYTES, MAX_TOTAL_BYTES } from "@worker/core/shared/upload-rules";

/**
 * Applies the picker's rules to newly chosen files; returns what to keep and what to tell the member,
 * written with `t` (the page's translator; English, the catalogue's keys, without one).
 */
export function pickImages(current: File[], chosen: File[], max: number, t: Translate = asKey): { files: File[]; messages: string[] } {
  const messages: string[] = [];
  const names = (files: File[]) => files.map((f) => f.name).join(", ");
  const heic = chosen.filter(isHeic);
  if (heic.length) {
    messages.push(t("HEIC/HEIF photos are not supported and were skipped: {names}. Please use JPG, PNG or GIF.", { names: names(heic) }));
  }
  const unsupported = chosen.filter((f) => !isHeic(f) && !isAcceptedImageType(f.type));
  if (unsupported.length) {
    messages.push(t("Only JPG, PNG and GIF images are supported. Skipped: {names}", { names: names(unsupported) }));
  }
  const tooBig = chosen.filter((f) => !isHeic(f) && f.size > MAX_IMAGE_BYTES);
  if (tooBig.length) messages.push(t("Some files exceed 10MB and were skipped: {names}", { names: names(tooBig) }));

  let accepted = chosen.filter((f) => !heic.includes(f) && !unsupported.includes(f) && !tooBig.includes(f));
  const room = max - current.length;
  if (accepted.length > room) {
    messages.push(t("Maximum {max} images allowed. You can add {room} more.", { max, room: Math.max(0, room) }));
    accepted = accepted.slice(0, Math.max(0, room));
  }
  const total = [...current, ...accepted].reduce((sum, f) => sum + f.size, 0);
  if (total > MAX_TOTAL_BYTES) {
    messages.push(t("Total selected size exceeds 50MB. Please add fewer or smaller images."));
    return { files: current, messages };
  }
  return { files: [...current, ...accepted], messages };
}
