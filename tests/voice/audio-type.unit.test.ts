import { sniffAudioType } from "@worker/core/shared/audio-type";
import { searchTextFromTranscript } from "@worker/core/shared/voice";
import { describe, expect, it } from "vitest";
import { wavRecording, webmRecording } from "./support";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((char) => char.charCodeAt(0)) : part)));

describe("sniffAudioType", () => {
  it.each([
    ["WebM (EBML header)", webmRecording(), "audio/webm"],
    ["WAV", wavRecording(0.01), "audio/wav"],
    ["Ogg", bytes("OggS", [0, 2, 0, 0, 0, 0, 0, 0, 0, 0]), "audio/ogg"],
    ["MP4 / M4A", bytes([0, 0, 0, 0x20], "ftypM4A ", [0, 0, 0, 0]), "audio/mp4"],
    ["FLAC", bytes("fLaC", [0, 0, 0, 0x22]), "audio/flac"],
    ["MP3 with an ID3 tag", bytes("ID3", [4, 0, 0, 0, 0, 0, 0]), "audio/mpeg"],
    ["MP3 frame (MPEG-1 layer III)", bytes([0xff, 0xfb, 0x90, 0x64]), "audio/mpeg"],
  ])("recognises %s", (_name, data, type) => {
    expect(sniffAudioType(data)).toBe(type);
  });

  it.each([
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0])],
    ["PNG", bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a])],
    ["AVI (RIFF but not WAVE)", bytes("RIFF", [0, 0, 0, 0], "AVI ")],
    ["an MPEG frame sync with the reserved layer", bytes([0xff, 0xf9, 0x90, 0x64])],
    ["text", bytes("pride and prejudice")],
    ["nothing", new Uint8Array()],
    ["a truncated header", bytes([0x1a, 0x45])],
  ])("refuses %s", (_name, data) => {
    expect(sniffAudioType(data)).toBeNull();
  });
});

describe("searchTextFromTranscript", () => {
  it.each([
    ["Pride and prejudice.", "Pride and prejudice"],
    ["  Pride   and prejudice! ", "Pride and prejudice"],
    ["Who is Jane Austen?", "Who is Jane Austen"],
    ["Dune…", "Dune"],
    ["1984", "1984"],
    ["", ""],
  ])("%j searches for %j", (transcript, search) => {
    expect(searchTextFromTranscript(transcript)).toBe(search);
  });
});
