import { type RefObject, useEffect, useRef } from "react";

/**
 * For a controlled box: hydration leaves what was typed before the page's JavaScript ran in the DOM
 * while React holds the server's text, and the next render would put that back. On mount the typed
 * text is handed to `onTyped`, as if it had been typed just now.
 */
export function useTypedBeforeHydration<E extends HTMLInputElement | HTMLTextAreaElement>(value: string, onTyped: (text: string) => void): RefObject<E | null> {
  const ref = useRef<E>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration (later values are React's own)
  useEffect(() => {
    const shown = ref.current?.value;
    if (shown !== undefined && shown !== value) onTyped(shown);
  }, []);
  return ref;
}
