export { pushBatchJob, queueAudiencePushes, runPushBatchJob, schedulePushBatch } from "./audience-pushes";
export { pushDataPart, pushDeletionPart } from "./push-account";
export { dropWaitingMessagePushes, listLocalPushes, localPushOutboxEnabled, type PushEvent, queuePushes } from "./push-outbox";
export { flushMemberPushes } from "./push-sender";
export { type PushSubscriptionInput, pushSubscriptionSchema } from "./subscription-input";
export { listDevices, MAX_PUSH_DEVICES, type PushDevice, removeDevice, subscribeDevice } from "./subscriptions";
export { pushPublicKey } from "./vapid";
