// Product constants both the browser and the Worker use. Imports only msg: this module ships to the client.
import { msg } from "./translate";

/** What a browser sees when another site's request is refused (the CSRF check, the share target); a catalogue text. */
export const CROSS_SITE_REFUSED = msg("Cross-site request refused.");

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const SEARCH_DEBOUNCE_MS = 1000;

/** The product's "simple pattern" for e-mail: text, at sign, text, dot, text. */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const SWAP_TOYS_GOAL = 100;
export const BOOK_META_DESCRIPTION_MAX = 300;

/** Browse Clubs shows 12 clubs a page (docs/product.md#clubs). */
export const BROWSE_CLUBS_PAGE_SIZE = 12;
/** The conversation list and its unread badge look at the latest 50 conversations (docs/product.md#messages). */
export const CONVERSATION_LIST_LIMIT = 50;
