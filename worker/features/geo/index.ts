export { geoApi } from "./api";
