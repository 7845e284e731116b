import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInMember } from "../helpers/fixtures";
import { page } from "../helpers/pages";

// Each test file runs in its own Worker, so this one can be configured with a provider before its
// first request (the Worker reads its settings once): e-mail then really goes out, and the local
// outbox page must not exist.
beforeAll(() => {
  Object.assign(env, {
    EMAIL_PROVIDER: "resend",
    EMAIL_API_KEY: "re_test_0123456789",
    EMAIL_FROM: "BookClub <books@example.org>",
    APP_URL: "https://books.example.org",
  });
});

describe("with an e-mail provider configured", () => {
  it("/dev/outbox is not there (404) and the settings do not link to it", async () => {
    const member = await signedInMember();
    expect((await page("/dev/outbox", member.cookie)).status).toBe(404);
    const settings = await page("/settings/notifications", member.cookie);
    expect(settings.status).toBe(200);
    expect(settings.html).not.toContain("See the e-mails BookClub would have sent you");
  });
});
