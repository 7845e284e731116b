// Why a reader was sent to /login, from where they were going: a page that says "Sign in to borrow
// this book" is one a reader understands; "Sign in to BookClub" alone is a wall.

const REASONS: [RegExp, string][] = [
  [/^\/books\/new(\/|$)|^\/my-books(\/|\?|$)/, "Sign in to add and manage your books."],
  [/^\/books\/[^/?]+(\/borrow)?(\?|$)/, "Sign in to borrow this book."],
  [/^\/books\/[^/?]+\/(edit|delete)/, "Sign in to change your book."],
  [/^\/messages(\/|\?|$)/, "Sign in to read your messages."],
  [/^\/clubs(\/|\?|$)/, "Sign in to see your clubs."],
  [/^\/loans(\/|\?|$)/, "Sign in to see your loans."],
  [/^\/(notifications|settings\/notifications)(\/|\?|$)/, "Sign in to see your notifications."],
  [/^\/profile(\/|\?|$)/, "Sign in to see your profile."],
  [/^\/users\//, "Sign in to see this member's page."],
  [/^\/report(\/|\?|$)/, "Sign in to report it."],
];

/** The sentence for a sign-in that will go on to `redirectTo`, or null when it is just signing in. */
export function signInReason(redirectTo: string): string | null {
  return REASONS.find(([pattern]) => pattern.test(redirectTo))?.[1] ?? null;
}
