export { loadRadiusMap } from "./radius-map.server";
