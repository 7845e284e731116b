export { StartCard } from "./start-card";
export { TimeZoneField } from "./time-zone-field";
