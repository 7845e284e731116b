// The image formats the product accepts, and how to recognise one by its content. No imports: the
// browser uses the list for the file pickers, the Worker uses the checks on every upload.

/** The one list of accepted image formats: cover and profile-picture pickers, upload URLs, uploads. */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif"] as const;
export type ImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
};

/** "jpg|png|gif", for patterns that check our own storage keys. */
export const IMAGE_EXTENSION_PATTERN = Object.values(IMAGE_EXTENSIONS).join("|");

export function isAcceptedImageType(type: string): type is ImageType {
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type);
}

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The format by its magic bytes, whatever the file's name or declared type says. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, PNG_SIGNATURE)) return "image/png";
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return "image/gif";
  }
  return null;
}

/** True when the file ends the way its format requires (JPEG EOI, PNG IEND chunk, GIF trailer). */
export function isComplete(type: ImageType, bytes: Uint8Array): boolean {
  const n = bytes.length;
  switch (type) {
    case "image/jpeg": {
      // Some encoders pad after the EOI marker; look for it near the end.
      for (let i = n - 2; i >= Math.max(2, n - 64); i--) {
        if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
      }
      return false;
    }
    case "image/png":
      return n >= 20 && startsWith(bytes, [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82], n - 8);
    case "image/gif":
      return n >= 14 && bytes[n - 1] === 0x3b;
  }
}

export type ImageCheck = { ok: true; type: ImageType } | { ok: false; reason: "not-an-image" | "truncated" };

/** Identifies an uploaded image by its content and refuses files that are cut short. */
export function checkImage(bytes: Uint8Array): ImageCheck {
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, reason: "not-an-image" };
  if (!isComplete(type, bytes)) return { ok: false, reason: "truncated" };
  return { ok: true, type };
}
