export { TimeZoneField } from "./time-zone-field";
