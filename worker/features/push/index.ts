export { pushSubscriptionSchema, type PushSubscriptionInput } from "./subscription-input";
export { listDevices, MAX_PUSH_DEVICES, removeDevice, subscribeDevice, type PushDevice } from "./subscriptions";
export { pushPublicKey } from "./vapid";
export { dropWaitingMessagePushes, listLocalPushes, localPushOutboxEnabled, queuePushes, type PushEvent } from "./push-outbox";
export { flushMemberPushes } from "./push-sender";
export { pushDataPart, pushDeletionPart } from "./push-account";
export { pushBatchJob, queueAudiencePushes, runPushBatchJob, schedulePushBatch } from "./audience-pushes";
