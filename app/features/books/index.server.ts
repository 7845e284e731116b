export { withCoverAltText } from "./cover-alt.server";
