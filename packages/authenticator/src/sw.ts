// The app's service worker: the offline shell, and a notification for every push (as iOS
// requires) whose click opens the app. The page reads the request itself, signed.

interface WaitUntil extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface PushEventLike extends WaitUntil {
  data: { json(): unknown } | null;
}
interface NotificationEventLike extends WaitUntil {
  notification: Notification;
}
interface FetchEventLike extends Event {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  postMessage(message: unknown): void;
}
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  clients: {
    claim(): Promise<void>;
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: string, listener: (event: never) => void): void;
  location: Location;
}

const worker = self as unknown as WorkerScope;
const shell = 'svc-authenticator-v1';
const files = ['./', 'app.js', 'app.css', 'manifest.webmanifest', 'icon.svg'];

worker.addEventListener('install', (event: WaitUntil) => {
  event.waitUntil(
    caches
      .open(shell)
      .then((cache) => cache.addAll(files))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event: WaitUntil) => {
  event.waitUntil(worker.clients.claim());
});

// The shell from the network when it answers, else from the cache; the API is never cached.
worker.addEventListener('fetch', (event: FetchEventLike) => {
  const url = new URL(event.request.url);
  const scope = new URL(worker.registration.scope);
  if (
    event.request.method !== 'GET' ||
    url.origin !== scope.origin ||
    !url.pathname.startsWith(scope.pathname)
  )
    return;
  event.respondWith(
    fetch(event.request)
      .then(async (response) => {
        if (response.ok) await (await caches.open(shell)).put(event.request, response.clone());
        return response;
      })
      .catch(async () => (await caches.match(event.request)) ?? Response.error()),
  );
});

worker.addEventListener('push', (event: PushEventLike) => {
  let message: { svcfication_id?: string; relying_party?: string; action?: string } = {};
  try {
    message = event.data?.json() ?? {};
  } catch {
    // Not ours or not JSON: still show one, as every push must.
  }
  event.waitUntil(
    worker.registration
      .showNotification(message.relying_party ?? 'svc Authenticator', {
        body: message.action ?? 'A request is waiting for your answer.',
        tag: message.svcfication_id ?? 'svc',
        data: message,
        requireInteraction: true,
      })
      .then(() => worker.clients.matchAll({ type: 'window', includeUncontrolled: true }))
      .then((windows) => windows.forEach((w) => w.postMessage({ type: 'push', message }))),
  );
});

// The app is where this script is: another server's registration has a scope of its own below.
const app = new URL('./', worker.location.href).href;

worker.addEventListener('notificationclick', (event: NotificationEventLike) => {
  event.notification.close();
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url.startsWith(app));
      return open ? open.focus() : worker.clients.openWindow(app);
    }),
  );
});
