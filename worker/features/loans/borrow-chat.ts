import { translate } from "@worker/core/i18n/request-language";
import { msg } from "@worker/core/shared/translate";

export const OWN_BOOK = msg("This is your own book.");
export const MEMBERS_ONLY_BOOK = msg("Only members of this book's club can borrow it.");
export const BORROW_INTENT = "borrow_intent";

/**
 * The message the borrow flow sends the owner (docs/product.md#borrow-from-the-owner), as the member
 * who asks writes it: in the language of their request.
 */
export const borrowRequestText = (title: string) => translate('Hi! I\'m interested in borrowing "{title}". Is it available?', { title });
