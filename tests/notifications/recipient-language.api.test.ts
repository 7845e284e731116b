import { users } from "@worker/db/schema";
import { flushMemberMail } from "@worker/features/notifications/member-mail";
import { type NotificationInput, notify, type RecipientReader } from "@worker/features/notifications/notifications";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { api, call, SAME_ORIGIN } from "../helpers/http";
import * as recorded from "./fixtures/resend";
import { bellOf, outboxOf, resendAnswers, withoutProvider, withResend } from "./support";

// docs/decisions/015-message-catalogue.md: e-mails and bell items are written in their RECIPIENT's
// language (users.language; none is English) when they are sent, never in the sender's, and an
// e-mail's unsubscribe link opens its page in the e-mail's language.

afterEach(() => {
  vi.restoreAllMocks();
});

type Member = Awaited<ReturnType<typeof signedInMember>>;
type Bell = { items: { title: string; body: string; count: number }[] };

/** The sender's browser asks for German: that must not change what the recipient gets. */
const GERMAN_BROWSER = { ...SAME_ORIGIN, "Accept-Language": "de-DE,de;q=0.9" };

async function conversationBetween(from: Member, to: Member) {
  const opened = await api<{ conversationId: string }>("/dm/conversations", from, { method: "POST", json: { toUserId: to.user.id }, headers: GERMAN_BROWSER });
  expect(opened.status).toBe(201);
  return opened.body.data!.conversationId;
}

async function send(from: Member, conversationId: string, content: string) {
  const sent = await api(`/dm/conversations/${conversationId}/messages`, from, { method: "POST", json: { content }, headers: GERMAN_BROWSER });
  expect(sent.status).toBe(201);
}

/** The member's message e-mail, once the message's follow-up (after the response) has queued it with `count` messages. */
async function messagesEmailOf(userId: string, count = 1) {
  await vi.waitFor(async () => expect((await outboxOf(userId)).map((email) => email.count)).toEqual([count]));
  return (await outboxOf(userId))[0]!;
}

/** The link in an e-mail's text that follows `label: `, as a path on this site. */
function linkAfter(text: string, label: string): string {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${label}: `));
  expect(line, label).toBeDefined();
  const url = new URL(line!.slice(label.length + 2));
  return url.pathname + url.search;
}

describe("a message's bell item and e-mail are in the recipient's language", () => {
  it("Spanish recipient, English sender whose browser asks for German: Spanish bell item and e-mail", async () => {
    const ann = await signedInMember({ name: "Ann Asker" });
    const bea = await signedInMember({ name: "Bea", email: "bea@example.com", language: "es" });
    // The request itself is German: its own refusals are.
    const conversationId = await conversationBetween(ann, bea);
    const refused = await api(`/dm/conversations/${conversationId}/messages`, ann, { method: "POST", json: { content: " " }, headers: GERMAN_BROWSER });
    expect(refused).toMatchObject({ status: 400, body: { error: expect.stringContaining("Bitte schreib eine Nachricht.") } });

    await send(ann, conversationId, "¿Tienes «Rayuela»?");
    const email = await messagesEmailOf(bea.user.id);
    expect(email.subject).toBe("Nuevo mensaje de Ann Asker");
    expect(email.text).toContain("Ann Asker te ha enviado un mensaje en BookClub.");
    expect(email.text).toContain("«¿Tienes «Rayuela»?»");
    expect(email.text).toContain(`Leerlo: http://localhost:5173/messages/${conversationId}`);
    expect(email.text).toMatch(/Dejar de recibir correos de mensajes directos: http:\/\/localhost:5173\/unsubscribe\?token=[\w-]+\.[\w-]+&lang=es/);
    expect(email.text).toContain("Todos los ajustes de correo: http://localhost:5173/settings/notifications");
    expect(email.html).toMatch(/^<div lang="es" dir="ltr"/);
    expect(email.html).not.toMatch(/New message|Read it|Unsubscribe|Bitte|Nachricht/);

    // The bell item is stored in Spanish: Bea reads it so whatever her browser asks for.
    const bell = await api<Bell>("/notifications", bea, { auth: "bearer", headers: { "Accept-Language": "de" } });
    expect(bell.body.data!.items).toMatchObject([{ title: "Mensajes nuevos de Ann Asker", body: "¿Tienes «Rayuela»?", count: 1 }]);
  });

  it("Japanese recipient: a batch of two messages is one Japanese e-mail, and the bell counts them", async () => {
    const ann = await signedInMember({ name: "Ann Asker" });
    const kenji = await signedInMember({ name: "Kenji", language: "ja" });
    const conversationId = await conversationBetween(ann, kenji);
    await send(ann, conversationId, "Hello!");
    expect((await messagesEmailOf(kenji.user.id)).subject).toBe("Ann Asker から新着メッセージ");
    await send(ann, conversationId, "Are you there?");
    const email = await messagesEmailOf(kenji.user.id, 2);
    expect(email.subject).toBe("Ann Asker から新着メッセージ2件");
    expect(email.text).toContain("Ann Asker から BookClub で新着メッセージが2件届きました。");
    expect(email.text).toContain("最新：「Are you there?」");
    expect(email.text).toContain(`メッセージを読む: http://localhost:5173/messages/${conversationId}`);
    expect(email.text).toMatch(/ダイレクトメッセージのメールの配信を停止: http:\/\/localhost:5173\/unsubscribe\?token=[\w-]+\.[\w-]+&lang=ja/);
    expect(email.html).toMatch(/^<div lang="ja" dir="ltr"/);
    await vi.waitFor(async () => expect(await bellOf(kenji.user.id)).toMatchObject([{ title: "Ann Asker からの新着メッセージ", count: 2 }]));
  });

  it("English recipient (no language chosen), Spanish sender: English, exactly as before", async () => {
    const sofia = await signedInMember({ name: "Sofía", language: "es" });
    const olive = await signedInMember({ name: "Olive" });
    const conversationId = await conversationBetween(sofia, olive);
    await send(sofia, conversationId, "Hola");
    const email = await messagesEmailOf(olive.user.id);
    expect(email.subject).toBe("New message from Sofía");
    expect(email.text).toContain('Sofía sent you a message on BookClub.\n\n"Hola"\n\nRead it: ');
    expect(email.text).toMatch(/Unsubscribe from direct message e-mails: http:\/\/localhost:5173\/unsubscribe\?token=[\w-]+\.[\w-]+&lang=en/);
    expect(email.html).toMatch(/^<div lang="en" dir="ltr"/);
    await vi.waitFor(async () => expect(await bellOf(olive.user.id)).toMatchObject([{ title: "New messages from Sofía" }]));
  });
});

describe("notify() writes each recipient's texts for them", () => {
  const event = (userId: string, seen: RecipientReader[]): NotificationInput => ({
    userId,
    type: "loan_requested",
    title: (reader) => {
      seen.push(reader);
      return reader.t("Mark all as read");
    },
    // A plain string is content: shown as it is, even when it happens to be a catalogue text.
    body: "Mark all as read",
    link: "/loans?tab=requests",
    dedupeKey: `test:${crypto.randomUUID()}`,
  });

  it("in each one's language, locale and zone, in one call; content stays as written", async () => {
    const amal = await createMember({ language: "ar", timezone: "Asia/Riyadh" });
    const hana = await createMember({ language: "ja", timezone: "Asia/Tokyo" });
    const otto = await createMember({ language: "de" });
    const nobody = await createMember({ language: "xx" });
    const seen: RecipientReader[] = [];
    await notify(withoutProvider, [event(amal.id, seen), event(hana.id, seen), event(otto.id, seen), event(nobody.id, seen)]);
    expect(seen.map(({ language, locale, timeZone }) => ({ language, locale, timeZone }))).toEqual([
      { language: "ar", locale: "ar", timeZone: "Asia/Riyadh" },
      { language: "ja", locale: "ja-JP", timeZone: "Asia/Tokyo" },
      { language: "de", locale: "de-DE", timeZone: "UTC" },
      // Not one of ours: English.
      { language: "en", locale: "en-GB", timeZone: "UTC" },
    ]);
    expect(await bellOf(amal.id)).toMatchObject([{ title: "تعليم الكل كمقروء", body: "Mark all as read" }]);
    expect(await bellOf(hana.id)).toMatchObject([{ title: "すべて既読にする", body: "Mark all as read" }]);
    expect(await bellOf(otto.id)).toMatchObject([{ title: "Alle als gelesen markieren", body: "Mark all as read" }]);
    expect(await bellOf(nobody.id)).toMatchObject([{ title: "Mark all as read", body: "Mark all as read" }]);

    const [arabic] = await outboxOf(amal.id);
    expect(arabic).toMatchObject({ subject: "تعليم الكل كمقروء" });
    expect(arabic!.html).toMatch(/^<div lang="ar" dir="rtl"/);
    expect(arabic!.text).toContain("افتح في BookClub: http://localhost:5173/loans?tab=requests");
    expect(arabic!.text).toMatch(
      /إلغاء الاشتراك في جميع رسائل البريد الإلكتروني من BookClub: http:\/\/localhost:5173\/unsubscribe\?token=[\w-]+\.[\w-]+&lang=ar/,
    );
  });

  it("a language chosen later is used from then on", async () => {
    const member = await createMember();
    await notify(withoutProvider, [event(member.id, [])]);
    await db.update(users).set({ language: "fr" }).where(eq(users.id, member.id));
    await notify(withoutProvider, [event(member.id, [])]);
    const emails = await outboxOf(member.id);
    expect(emails.map((email) => email.subject).sort()).toEqual(["Mark all as read", "Tout marquer comme lu"]);
    expect(emails.find((email) => email.subject === "Tout marquer comme lu")!.text).toContain("Ouvrir dans BookClub: ");
  });
});

describe("the unsubscribe page follows the link's language", () => {
  it("asks and confirms in Spanish for a Spanish member's link, whatever the browser asks for", async () => {
    const ann = await signedInMember({ name: "Ann Asker" });
    const bea = await signedInMember({ email: "bea.lectora@example.com", language: "es" });
    await send(ann, await conversationBetween(ann, bea), "Hola");
    const link = linkAfter((await messagesEmailOf(bea.user.id)).text, "Dejar de recibir correos de mensajes directos");
    expect(link).toMatch(/^\/unsubscribe\?token=[\w-]+\.[\w-]+&lang=es$/);

    const asked = await call(link, { headers: { "Accept-Language": "de" } });
    expect(asked.status).toBe(200);
    const page = await asked.text();
    expect(page).toMatch(/<html[^>]*lang="es"/);
    expect(page).toContain("¿Desactivar los correos de mensajes directos para b***@example.com?");
    expect(page).toContain("Gestiona tus ajustes de notificaciones");

    const done = await call(link, { method: "POST", headers: { ...SAME_ORIGIN, "Accept-Language": "de" }, body: new URLSearchParams() });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Te has dado de baja. b***@example.com ya no recibirá correos de mensajes directos.");
  });

  it("in Japanese for the master switch's link", async () => {
    const member = await createMember({ email: "yuki@example.com", language: "ja" });
    await notify(withoutProvider, [
      { userId: member.id, type: "loan_requested", title: "Loan", link: "/loans?tab=requests", dedupeKey: `test:${crypto.randomUUID()}` },
    ]);
    const link = linkAfter((await outboxOf(member.id))[0]!.text, "BookClubからのすべてのメールの配信を停止");
    const page = await (await call(link)).text();
    expect(page).toContain("y***@example.com 宛てのBookClubからのすべてのメールを停止しますか？");
    const done = await call(link, { method: "POST", headers: SAME_ORIGIN, body: new URLSearchParams() });
    expect(await done.text()).toContain("配信を停止しました。今後、BookClubから y***@example.com にメールは送信されません。");
  });

  it("the mail job's List-Unsubscribe link carries the member's language too", async () => {
    const now = Date.now() + 3_600_000;
    const fetch = resendAnswers(recorded.sent);
    const member = await createMember({ language: "de" });
    await notify(
      withResend,
      [{ userId: member.id, type: "loan_accepted", title: "Olive", link: "/loans?tab=borrowed", dedupeKey: `test:${crypto.randomUUID()}` }],
      now,
    );
    await flushMemberMail(withResend, member.id, now);
    const sent = JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)) as { text: string; headers: Record<string, string> };
    expect(sent.headers["List-Unsubscribe"]).toMatch(/^<https:\/\/books\.example\.org\/unsubscribe\?token=[\w-]+\.[\w-]+&lang=de>$/);
    expect(sent.text).toContain("Alle E-Mails von BookClub abbestellen: https://books.example.org/unsubscribe?token=");
  });
});
