/*
 * Starts the app on a page the server rendered (issue 22), once the page has been painted and loaded: the module
 * scripts its <script> names (data-entry, data-modules) are added after the first paint and the load event, so the
 * page's HTML, stylesheets and pictures have the network to themselves until the shopper sees the page, and the
 * scripts then hydrate it. A page rendered in the browser (the shell) loads its scripts at once and never comes here.
 * Served as it is (web/public): everything that changes with a release is in the data attributes.
 */
(function () {
  var me = document.currentScript;
  if (!me) return;
  var entry = me.getAttribute('data-entry');
  var modules = (me.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started || !entry) return;
    started = true;
    modules.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.body.appendChild(script);
  }
  // Once the page's first paint is reported and its load event has passed, both, and then one frame more: by then
  // the shopper sees the page and its first pictures (the eager ones are in by the load event, and the frame after it
  // draws them), and only then do the scripts take the network and the main thread. Less falls short (issue 24,
  // docs/decisions.md): a browser may present its first frame a second after the load event (Chromium does, now and
  // then), a first paint may be text alone, and pictures loaded by the load event are drawn a frame or more later;
  // scripts started earlier delay what the shopper waits for.
  // A browser without paint timing starts a frame after the load event; a hidden tab, which paints nothing, at the
  // load event or once it is hidden, whichever comes later. A shopper's first press or key starts it at once,
  // whatever else: the page needs its scripts now (and a page whose paint is never reported still starts).
  // No timers of our own: `requestAnimationFrame` fires under a test's fake clock while time flows, as it does while
  // a page loads, and a message is no timer.
  var painted = false;
  var loaded = document.readyState === 'complete';
  var channel = null;
  function startWhenShown() {
    if (!loaded) return;
    if (document.visibilityState === 'hidden') return start();
    if (!painted || channel) return;
    // The callback runs before the next frame is drawn; the message it posts is handled after that frame. The
    // channel is kept here, so no collector can take its ports while the message is on its way.
    channel = new MessageChannel();
    channel.port1.onmessage = start;
    requestAnimationFrame(function () {
      channel.port2.postMessage(null);
    });
  }
  try {
    // A browser that does not know the type would only warn, and never report.
    if ((PerformanceObserver.supportedEntryTypes || []).indexOf('paint') < 0) throw new Error('no paint timing');
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length > 0) {
        observer.disconnect();
        painted = true;
        startWhenShown();
      }
    }).observe({ type: 'paint', buffered: true });
  } catch (error) {
    // No paint timing here (no PerformanceObserver, or no `paint` type): the load event and a frame start it.
    painted = true;
  }
  window.addEventListener('load', function () {
    loaded = true;
    startWhenShown();
  });
  document.addEventListener('visibilitychange', startWhenShown);
  ['pointerdown', 'keydown'].forEach(function (type) {
    window.addEventListener(type, start, { capture: true, passive: true, once: true });
  });
  startWhenShown();
})();
