// Why a reader was sent to /login, from where they were going: a page that says "Sign in to borrow
// this book" is one a reader understands; "Sign in to BookClub" alone is a wall.

import { msg } from "@worker/core/shared/translate";

const REASONS: [RegExp, string][] = [
  [/^\/books\/new(\/|\?|$)|^\/my-books\?(.*&)?add=1(&|$)/, msg("Sign in to add your books.")],
  [/^\/my-books(\/|\?|$)/, msg("Sign in to add and manage your books.")],
  [/^\/books\/[^/?]+(\/borrow)?(\?|$)/, msg("Sign in to borrow this book.")],
  [/^\/books\/[^/?]+\/(edit|delete)/, msg("Sign in to change your book.")],
  [/^\/messages(\/|\?|$)/, msg("Sign in to read your messages.")],
  [/^\/clubs(\/|\?|$)/, msg("Sign in to see your clubs.")],
  [/^\/loans(\/|\?|$)/, msg("Sign in to see your loans.")],
  [/^\/(notifications|settings\/notifications)(\/|\?|$)/, msg("Sign in to see your notifications.")],
  [/^\/profile(\/|\?|$)/, msg("Sign in to see your profile.")],
  [/^\/users\//, msg("Sign in to see this member's page.")],
  [/^\/report(\/|\?|$)/, msg("Sign in to report it.")],
];

/** The sentence (its catalogue key) for a sign-in that will go on to `redirectTo`, or null when it is just signing in. */
export function signInReason(redirectTo: string): string | null {
  return REASONS.find(([pattern]) => pattern.test(redirectTo))?.[1] ?? null;
}
