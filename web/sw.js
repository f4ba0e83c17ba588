// liftlog's service worker: the app's own files, so that it opens with no network. The API is
// never cached here: the page keeps what it needs and queues changes itself.
"use strict";
const CACHE = "liftlog-app-2";
// The page holds its style and script; the icons are those of the home screen and the tab.
const SHELL = ["/", "/manifest.webmanifest", "/icon.svg", "/icon-180.png", "/icon-192.png", "/icon-512.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
  // The page, whatever its route, is kept as "/"; each of the app's files as itself; anything
  // else goes to the network untouched (never kept in the page's place).
  const key = event.request.mode === "navigate" || url.pathname === "/index.html" ? "/" : SHELL.includes(url.pathname) ? url.pathname : null;
  if (key === null) return;
  // The network first (a new version shows at once), the copy when there is none.
  event.respondWith(fetch(event.request).then((response) => {
    if (response.ok) { const copy = response.clone(); caches.open(CACHE).then((cache) => cache.put(key, copy)); }
    return response;
  }).catch(() => caches.match(key)));
});
