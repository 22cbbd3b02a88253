// The service worker: after the first load the page needs no network. Every file of
// build/web is kept in a cache named for the build (tools/web.py fills in VERSION and
// FILES); a new build's worker fills its own cache and drops the old ones.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = "scanner-" + VERSION;

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("scanner-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (e) => {
  if (e.request.method !== "GET") return;
  e.respondWith(
    caches.open(CACHE)
      .then((c) => c.match(e.request, { ignoreSearch: true }))
      .then((hit) => hit || fetch(e.request)),
  );
});
