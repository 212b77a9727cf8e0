// Keeps the app for offline starts: every file of the build is stored on
// the first visit, and served from the store after that. web/build.sh
// writes the build's own name into STORE and its files into FILES, so that
// a new build is a new service worker, which stores the new files and drops
// the old ones.
const STORE = "flagfall-@BUILD@";
// Every file of the build (web/build.sh lists them), and the page's address.
const FILES = ["./", @FILES@];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(STORE)
      // The module's address names its contents (?v=DIGEST): the copy the
      // page has just downloaded is taken from the browser's cache.
      .then((store) => store.addAll(FILES.map((file) =>
        new Request(file, { cache: file.includes("?v=") ? "force-cache" : "default" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== STORE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

// The stored file when there is one, else the network's.
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(
    caches.open(STORE).then((store) =>
      store.match(event.request, { ignoreSearch: true }).then((kept) => kept || fetch(event.request)),
    ),
  );
});
