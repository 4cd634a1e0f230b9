/*
 * Starts the app on a page the server rendered (issue 22), once the page has been painted: the module scripts its
 * <script> names (data-entry, data-modules) are added after the first paint, so the page's HTML, stylesheets and
 * pictures have the network to themselves until the shopper sees the page, and the scripts then hydrate it. A page
 * rendered in the browser (the shell) loads its scripts at once and never comes here. Served as it is (web/public):
 * everything that changes with a release is in the data attributes.
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
  // Once the page's first paint is reported or at the load event, whichever comes first: by either the page is on
  // screen or its HTML, stylesheets and pictures are all in (the load event also serves a browser without paint
  // timing, and a hidden tab, which paints nothing).
  // No timers: a page under a test's fake clock starts as any other.
  if (typeof PerformanceObserver === 'function') {
    try {
      new PerformanceObserver(function (list, observer) {
        if (list.getEntriesByName('first-contentful-paint').length > 0) {
          observer.disconnect();
          start();
        }
      }).observe({ type: 'paint', buffered: true });
    } catch (error) {
      // No paint timing here: the load event starts it.
    }
  }
  window.addEventListener('load', start);
})();
