import { encodeBase64 } from "@oslojs/encoding";
import { expect } from "vitest";
import { call, json } from "../helpers/http";

/** A real 16 kHz mono 16-bit PCM WAV: a 440 Hz tone, `seconds` long. */
export function wavRecording(seconds = 1): Uint8Array {
  const sampleRate = 16_000;
  const samples = Math.round(seconds * sampleRate);
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) => bytes.set(new TextEncoder().encode(value), offset);
  text(0, "RIFF");
  view.setUint32(4, 36 + samples * 2, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true); // PCM format chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  text(36, "data");
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) view.setInt16(44 + i * 2, Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 8000), true);
  return bytes;
}

/**
 * The start of a WebM/opus recording as Chrome's MediaRecorder writes it: the EBML header (DocType
 * "webm"), then a Segment with an opus track and a first cluster. The sniffer needs only the header.
 */
export function webmRecording(): Uint8Array {
  const ebmlHeader = [
    0x1a,
    0x45,
    0xdf,
    0xa3,
    0x9f, // EBML, size 31
    0x42,
    0x86,
    0x81,
    0x01, // EBMLVersion 1
    0x42,
    0xf7,
    0x81,
    0x01, // EBMLReadVersion 1
    0x42,
    0xf2,
    0x81,
    0x04, // EBMLMaxIDLength 4
    0x42,
    0xf3,
    0x81,
    0x08, // EBMLMaxSizeLength 8
    0x42,
    0x82,
    0x84,
    0x77,
    0x65,
    0x62,
    0x6d, // DocType "webm"
    0x42,
    0x87,
    0x81,
    0x04, // DocTypeVersion 4
    0x42,
    0x85,
    0x81,
    0x02, // DocTypeReadVersion 2
  ];
  const codec = [..."A_OPUS"].map((char) => char.charCodeAt(0));
  const segmentStart = [0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]; // Segment, unknown size
  const tracks = [0x16, 0x54, 0xae, 0x6b, 0x80 | (codec.length + 2 + 4), 0xae, 0x80 | (codec.length + 2), 0x86, 0x80 | codec.length, ...codec];
  const cluster = [0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xe7, 0x81, 0x00];
  const frames = Array.from({ length: 300 }, (_, i) => (i * 37) % 256); // stands in for opus frames
  return new Uint8Array([...ebmlHeader, ...segmentStart, ...tracks, ...cluster, ...frames]);
}

export const base64 = (bytes: Uint8Array) => encodeBase64(bytes);

export interface TranscribeOptions {
  cookie?: string;
  /** The client's address as Cloudflare reports it; each test uses its own so limits do not meet. */
  ip?: string;
  headers?: Record<string, string>;
  /** The body is bad on purpose (see tests/helpers/http.ts `call`). */
  invalid?: boolean;
}

/** A fresh client address, so one test's rate-limit bucket is never another's (files may share the limiter). */
export function freshIp(): string {
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3));
  return `10.${a}.${b}.${((c ?? 0) % 254) + 1}`;
}

export interface TranscribeAnswer {
  success: boolean;
  transcript?: string;
  data?: { transcript: string };
  error?: string;
}

/** POST /api/voice/transcribe with a JSON body (or a raw string body, for malformed requests). */
export async function transcribe(body: unknown, options: TranscribeOptions = {}) {
  const headers: Record<string, string> = { "CF-Connecting-IP": options.ip ?? freshIp(), ...options.headers };
  const init = typeof body === "string" ? { body, headers: { "Content-Type": "application/json", ...headers } } : { json: body, headers };
  const response = await call("/api/voice/transcribe", { method: "POST", cookie: options.cookie, invalid: options.invalid, ...init });
  return { status: response.status, body: await json<TranscribeAnswer>(response) };
}

/** The library loader's data, from the turbo-stream React Router streams into the page (a flat, indexed array). */
export function libraryVoiceFlag(html: string): unknown {
  const literal = html.match(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/)?.[1];
  const flat = JSON.parse(JSON.parse(literal ?? '"[]"')) as unknown[];
  const voice = flat[flat.indexOf("voice") + 1] as Record<string, number>;
  const [[key, value]] = Object.entries(voice) as [[string, number]];
  expect(flat[Number(key.slice(1))]).toBe("server");
  return flat[value];
}
