// What other features may use of wanted books. Its API (/api/wanted) is mounted by worker/api.ts.
export {
  type AddWanted,
  addWanted,
  addWantedSchema,
  listWanted,
  myWantOfBook,
  removeWanted,
  setWantedRadius,
  WANTED_RADII_KM,
  type WantedNearCard,
  type WantedView,
  wantedListQuery,
  wantedNearMe,
  wantedRadiusSchema,
  wantersNearby,
  wantKey,
} from "./wanted";
export { wantedDataPart, wantedDeletionPart } from "./wanted-account";
export { addImportedWants, IMPORT_TITLE_MATCHES, type ImportedWant, wantedKeysOf } from "./wanted-import";
export { noteFreedCopy, noteListedCopies, noteMovedArea, runWantedCopyJob, runWantedRematchJob, wantedCopyJob, wantedRematchJob } from "./wanted-matching";
