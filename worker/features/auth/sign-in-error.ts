/** A sign-in failure whose message is shown as is on the callback or login page. */
export class SignInError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SignInError";
  }
}
