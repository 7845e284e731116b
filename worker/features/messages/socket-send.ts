import { describeZodError } from "@worker/core/api/validate";
import { ServiceError } from "@worker/core/errors";
import { inLanguage, translate } from "@worker/core/i18n/request-language";
import type { MemberContext } from "@worker/core/service-context";
import { msg } from "@worker/core/shared/translate";
import type { SocketSendAnswer, SocketSendHandler } from "@worker/core/socket-sends";
import { getDatabase } from "@worker/db/client";
import { type RoomPoster, sendMessage, sendMessageSchema } from "./messages";

export const SOCKET_SEND_FAILED = msg("The message could not be sent. Please try again.");

/**
 * A send over a member's conversation socket (ConversationRoom hands it here through
 * worker/core/socket-sends.ts): the same schema and the same `sendMessage` as the HTTP POST, so
 * ordering, idempotency, the rate limit, blocks and hidden messages are one code path. The socket's
 * session was checked when it opened and closes when it ends, so only the session read is saved.
 * Refusals come back as error frames in the member's language.
 */
export const sendOverSocket: SocketSendHandler = (env, send, room, afterResponse) =>
  inLanguage(send.language, async (): Promise<SocketSendAnswer> => {
    const { messageId } = send;
    const input = sendMessageSchema.safeParse({ content: send.body, messageId });
    if (!input.success) return { type: "error", messageId, error: describeZodError(input.error) };
    const ctx: MemberContext = {
      db: getDatabase(env.DB),
      env,
      // Only the id and the name are read by sendMessage (the sender's name goes into the other member's bell).
      user: { id: send.memberId, name: send.memberName, email: "", bio: "", picture: null, timezone: "UTC", language: send.language, showEmail: false },
      sessionId: send.sessionId,
      afterResponse,
    };
    try {
      const message = await sendMessage(ctx, send.conversationId, input.data, room as RoomPoster);
      return { type: "ack", messageId, message };
    } catch (error) {
      if (error instanceof ServiceError) return { type: "error", messageId, error: error.message };
      console.warn("A message sent over a socket failed", error);
      return { type: "error", messageId, error: translate(SOCKET_SEND_FAILED) };
    }
  });
