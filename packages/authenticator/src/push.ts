import type { DeviceClient, PushChannel } from '@svc/sdk';

/** Whether this browser can be woken at all (a service worker and the Push API). */
export const canPush = () => 'serviceWorker' in navigator && 'PushManager' in window;

function bytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/**
 * This browser's Web Push subscription for svc's VAPID key, as a channel; made anew when the key
 * differs. Undefined when notifications are not allowed (nothing is asked here) or the browser's
 * push service cannot be reached: the app then checks for requests while it is open.
 */
export async function webPushChannel(device: DeviceClient): Promise<PushChannel | undefined> {
  if (!canPush() || Notification.permission !== 'granted') return undefined;
  try {
    const registration = await navigator.serviceWorker.ready;
    const key = bytes(await device.webPushKey());
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key,
      }));
    const { endpoint, keys } = subscription.toJSON();
    if (!endpoint || !keys?.p256dh || !keys.auth) return undefined;
    return { type: 'web_push', endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
  } catch {
    return undefined;
  }
}
