import { z } from "zod";

// What the push routes answer in `data` (the API reference's schemas), mirroring subscriptions.ts.

export const pushKeyView = z.looseObject({
  /** The VAPID application server key to subscribe with (base64url), or null when push is not set up. */
  publicKey: z.string().nullable(),
});

/** One of my devices (PushDevice). */
export const pushDeviceView = z.looseObject({
  subscriptionId: z.string(),
  deviceName: z.string(),
  createdAt: z.int(),
  thisDevice: z.boolean(),
});

export const pushDevicesView = z.looseObject({ devices: z.array(pushDeviceView) });
export const pushDeviceSavedView = z.looseObject({ device: pushDeviceView, created: z.boolean() });
export const pushDeviceRemovedView = z.looseObject({ removed: z.literal(true) });
