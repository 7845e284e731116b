import { z } from "zod";

/**
 * A row id as a path, a body or a form sends it: trimmed, not empty, at most 64 characters (our ids
 * are UUIDs; the cap keeps a pasted essay out of the query). Pure, so pages and services share it.
 * `emptyMessage` is for the few fields whose empty answer has always named them ("bookId is required").
 */
export function idField(emptyMessage?: string) {
  // The pattern tells the reference's readers what the trim means: a blank id is refused too.
  return z.string().trim().min(1, emptyMessage).max(64).meta({ pattern: "\\S" });
}

export const idSchema = idField();
