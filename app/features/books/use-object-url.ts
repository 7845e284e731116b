import { useEffect, useState } from "react";

/**
 * A blob: URL for the file (null before the first effect, and without a file), made and revoked by
 * the same effect: StrictMode's mount, clean-up, mount (under `npm run dev`) revokes the first URL
 * and makes a second, so a preview never points at a revoked one. (A URL made during render and
 * revoked in an effect died before its image loaded.)
 */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}
