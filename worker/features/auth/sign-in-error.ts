import { translate } from "@worker/core/i18n/request-language";

/**
 * A sign-in failure whose message is shown as is on the callback or login page. Its text is a
 * catalogue key (mark the literal with `msg()`), written in the request's language when thrown.
 */
export class SignInError extends Error {
  constructor(key: string, values?: Record<string, string | number>) {
    super(translate(key, values));
    this.name = "SignInError";
  }
}
