import type { DeviceClient, PushChannel } from '@svc/sdk';

/** Whether this browser can be woken at all (a service worker and the Push API). */
export const canPush = () => 'serviceWorker' in navigator && 'PushManager' in window;

function bytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/**
 * The service worker registration whose subscription a server's wake-ups go to. A subscription
 * belongs to one VAPID key, that is one svc server: this app's own server has the app's own
 * registration, every other server one of its own (same worker, a scope of its own).
 */
async function registrationFor(baseUrl: string): Promise<ServiceWorkerRegistration> {
  const { origin, host } = new URL(baseUrl);
  if (origin === location.origin) return navigator.serviceWorker.ready;
  const registration = await navigator.serviceWorker.register('sw.js', {
    scope: `servers/${encodeURIComponent(host)}/`,
  });
  const worker = registration.installing ?? registration.waiting;
  if (worker)
    await new Promise<void>((resolve) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated' || worker.state === 'redundant') resolve();
      });
    });
  return registration;
}

/**
 * This browser's Web Push subscription for the VAPID key of the server at `baseUrl`, as a
 * channel. Undefined when notifications are not allowed (nothing is asked here) or the browser's
 * push service cannot be reached: the app then checks for requests while it is open.
 */
export async function webPushChannel(
  device: DeviceClient,
  baseUrl: string,
): Promise<PushChannel | undefined> {
  if (!canPush() || Notification.permission !== 'granted') return undefined;
  try {
    const registration = await registrationFor(baseUrl);
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
