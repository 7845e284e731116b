import type { ReactNode } from "react";

const SLOT = /\uE000(\d+)\uE001/;

/** Stands in, inside a catalogue text, for the nth member-written value given to `isolated`. */
export const slot = (index: number) => `\uE000${index}\uE001`;

/**
 * A catalogue text with member-written values in it, each in a <bdi> of its own direction: in Arabic,
 * "Spoilers for chapters 1–8: show" keeps the Latin label whole rather than jumbled with the sentence.
 */
export function isolated(text: string, values: string[]): ReactNode[] {
  // The slot's number is the value's own place, so it keys the value.
  return text.split(SLOT).map((part, index) => (index % 2 === 1 ? <bdi key={`slot-${part}`}>{values[Number(part)]}</bdi> : part));
}
