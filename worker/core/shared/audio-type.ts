// How to recognise an audio recording by its content. No imports: the Worker checks every voice
// upload with it before a transcription provider (which bills by the request) sees the bytes.

/** The container formats browsers record and Whisper-style providers accept. */
export type AudioType = "audio/webm" | "audio/ogg" | "audio/wav" | "audio/mp4" | "audio/mpeg" | "audio/flac";

/** File names for multipart uploads: some providers go by the extension, not the part's type. */
export const AUDIO_EXTENSIONS: Record<AudioType, string> = {
  "audio/webm": "webm",
  "audio/ogg": "ogg",
  "audio/wav": "wav",
  "audio/mp4": "m4a",
  "audio/mpeg": "mp3",
  "audio/flac": "flac",
};

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The format by its magic bytes, whatever the client says it sent: WebM/Matroska (EBML header),
 * Ogg, WAV (RIFF…WAVE), MP4/M4A (an `ftyp` box), MP3 (an ID3 tag or an MPEG audio frame sync), FLAC.
 */
export function sniffAudioType(bytes: Uint8Array): AudioType | null {
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return "audio/webm";
  if (startsWith(bytes, ascii("OggS"))) return "audio/ogg";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WAVE"), 8)) return "audio/wav";
  if (startsWith(bytes, ascii("ftyp"), 4)) return "audio/mp4";
  if (startsWith(bytes, ascii("fLaC"))) return "audio/flac";
  if (startsWith(bytes, ascii("ID3"))) return "audio/mpeg";
  // An MPEG audio frame: 11 sync bits, then a version and layer that are not the reserved values.
  const [first, second] = [bytes[0], bytes[1]];
  if (first === 0xff && second !== undefined && (second & 0xe0) === 0xe0 && (second & 0x18) !== 0x08 && (second & 0x06) !== 0) {
    return "audio/mpeg";
  }
  return null;
}
