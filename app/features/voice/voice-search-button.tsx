import { useEffect, useRef, useState } from "react";
import { useI18n } from "~/core/i18n";
import { MicrophoneIcon } from "~/ui/icons";
import type { VoiceButtonView, VoiceSearch } from "./voice-search";

interface Props {
  /** Whether this server transcribes recordings (the fallback when the browser has no recogniser). */
  server: boolean;
  /** The search text heard, to be searched at once. */
  onSearch: (text: string) => void;
}

/**
 * The microphone in the library's search box. Only this markup ships with the page: what a press
 * does (the recogniser, the recorder, the upload, every message) loads on the first press from
 * ../lib/voice-search, and the microphone permission is asked only then. Each state is announced
 * in the live region under the box.
 */
export function VoiceSearchButton({ server, onSearch }: Props) {
  const { t, locale } = useI18n();
  const [view, setView] = useState<VoiceButtonView>({ status: "" });
  const session = useRef<VoiceSearch | null>(null);
  useEffect(() => () => session.current?.cancel(), []);

  return (
    <>
      <button
        type="button"
        aria-label={t("Search by voice")}
        aria-pressed={!!view.listening}
        aria-disabled={view.off ? true : undefined}
        title={view.off}
        onClick={() =>
          import("./voice-search").then(
            // The reader speaks the page's language: the recogniser and the server listen for it.
            (voice) => voice.pressVoiceButton({ server, t, language: locale, session, setView, onSearch }),
            () => setView({ status: t("Voice search failed. Please try again.") }),
          )
        }
        className="absolute top-px end-px inline-flex h-10 w-10 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 aria-disabled:text-stone-400 aria-pressed:animate-pulse aria-pressed:bg-red-100 aria-pressed:text-red-800"
      >
        <MicrophoneIcon />
      </button>
      <p aria-live="polite" className="mt-1 text-sm text-stone-700 empty:mt-0">
        {view.status}
      </p>
    </>
  );
}
