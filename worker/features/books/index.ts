export type { BookCard } from "./book-columns";
export { type BookEdit, LEND_BLOCKED } from "./book-writes";
export { booksDataPart, booksDeletionPart } from "./books-account";
export { type CopyCard, copyCardsBySeq } from "./copy-cards";
export { devMapTile } from "./dev-map-tile";
export { bookFieldsFromRecord, mirrorOrigins, parseIsbn, titleForIsbn } from "./isbn-books";
export { findBookById, listLibraryBooks } from "./library";
export {
  encodeTileId,
  MAP_DEFAULT_RADIUS_KM,
  type MapTile,
  type MapTileKey,
  mapOrigin,
  mapQuerySchema,
  tileBooksQuerySchema as tilePageQuerySchema,
  tileCentre,
  tileIdSchema,
  tileOfCell,
} from "./library-map";
export { minKmToTile } from "./near-cells";
export { COVER_TOO_LARGE, MAX_COVER_BYTES, PRIVATE_IMAGE, saveImage, signedUploadUrl, uploadUrlSchema } from "./uploads";
