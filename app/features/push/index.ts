export { PushDevicesSection, type PushSettings } from "./push-devices-section";
export { isPushIntent, pushResultOf } from "./push-intent";
