import { cloudflareEmailProvider, parseMailbox } from "@worker/core/email/cloudflare";
import { EmailSendError } from "@worker/core/email/provider";
import { RESEND_SEND_URL, resendProvider } from "@worker/core/email/resend";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as recorded from "./fixtures/resend";

afterEach(() => {
  vi.restoreAllMocks();
});

const message = {
  to: "ann@example.com",
  from: "BookClub <books@example.org>",
  subject: "New message from Bo",
  text: "Bo sent you a message on BookClub.",
  html: "<p>Bo sent you a message on BookClub.</p>",
  headers: { "List-Unsubscribe": "<https://books.example.org/unsubscribe?token=t>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
};

function providerAnswering(answer: recorded.RecordedAnswer) {
  const fetch = vi.fn(async () => recorded.answer(answer));
  return { fetch, provider: resendProvider({ apiKey: "re_test_key", fetch }) };
}

async function refusal(promise: Promise<unknown>): Promise<EmailSendError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EmailSendError);
  return error as EmailSendError;
}

describe("the Resend adapter", () => {
  it("posts the e-mail with the key, the unsubscribe headers and an idempotency key, and returns Resend's id", async () => {
    const { fetch, provider } = providerAnswering(recorded.sent);
    expect(await provider.send(message, { idempotencyKey: "row-1" })).toEqual({ providerId: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(RESEND_SEND_URL);
    expect(init.method).toBe("POST");
    expect(init.headers).toMatchObject({ Authorization: "Bearer re_test_key", "Content-Type": "application/json", "Idempotency-Key": "row-1" });
    expect(JSON.parse(String(init.body))).toEqual({
      from: message.from,
      to: ["ann@example.com"],
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
    });
  });

  it("treats a 2xx whose body cannot be read as sent (sending again could duplicate it)", async () => {
    const { provider } = providerAnswering(recorded.sentTruncated);
    expect(await provider.send(message)).toEqual({ providerId: undefined });
  });

  it("reports a 422 validation error as permanent, with Resend's words", async () => {
    const error = await refusal(providerAnswering(recorded.invalidTo).provider.send(message));
    expect(error.permanent).toBe(true);
    expect(error.message).toMatch(/^Resend answered 422 validation_error: Invalid `to` field/);
  });

  it.each([
    ["429 rate limit", recorded.rateLimited, /^Resend answered 429 rate_limit_exceeded: Too many requests/],
    ["500", recorded.serverError, /^Resend answered 500 application_error: An unexpected error occurred\.$/],
    ["502 HTML page", recorded.badGatewayHtml, /^Resend answered 502$/],
  ])("reports a %s as worth retrying", async (_name, answer, expected) => {
    const error = await refusal(providerAnswering(answer).provider.send(message));
    expect(error.permanent).toBe(false);
    expect(error.message).toMatch(expected);
  });

  it("reports an unreachable API as worth retrying", async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError("Network connection lost.");
    });
    const error = await refusal(resendProvider({ apiKey: "k", fetch }).send(message));
    expect(error).toMatchObject({ permanent: false, message: "Resend could not be reached: Network connection lost." });
  });
});

describe("the Cloudflare send_email adapter", () => {
  it("sends the structured message through the binding, with the sender's name apart", async () => {
    const send = vi.fn(async () => ({ messageId: "<0123@example.org>" }));
    const provider = cloudflareEmailProvider({ send } as unknown as SendEmail);
    expect(await provider.send(message)).toEqual({ providerId: "<0123@example.org>" });
    expect(send).toHaveBeenCalledWith({
      from: { name: "BookClub", email: "books@example.org" },
      to: "ann@example.com",
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
    });
  });

  it("reports the binding's refusal for a retry", async () => {
    const send = vi.fn(async () => {
      throw new Error("E_SENDER_NOT_VERIFIED: sender domain not verified");
    });
    const error = await refusal(cloudflareEmailProvider({ send } as unknown as SendEmail).send(message));
    expect(error.message).toBe("Cloudflare Email Service refused: E_SENDER_NOT_VERIFIED: sender domain not verified");
  });

  it("reads mailboxes with or without a display name", () => {
    expect(parseMailbox("BookClub <books@example.org>")).toEqual({ name: "BookClub", email: "books@example.org" });
    expect(parseMailbox('"Book Club" <books@example.org>')).toEqual({ name: "Book Club", email: "books@example.org" });
    expect(parseMailbox("books@example.org")).toBe("books@example.org");
  });
});
