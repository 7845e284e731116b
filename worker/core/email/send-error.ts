/**
 * The provider refused an e-mail or could not be reached. `permanent`: sending the same e-mail
 * again cannot succeed (the provider rejected its content), so it is not retried.
 */
export class EmailSendError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
    this.name = "EmailSendError";
  }
}
