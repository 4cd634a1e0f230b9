/*
 * The page's event contract (issue 33): from the first byte of the page until the app has hydrated it, a shopper's
 * presses, submits and typing on the page are recorded here, and `src/lib/early-events.ts` acts on them once the app
 * is ready, on the same controls, in the order they came. Nothing a shopper does in the first seconds is lost.
 *
 * Inlined into the head of index.html by the Vite build (vite.config.ts) so it runs before the page is drawn; the
 * server's Content-Security-Policy allows it by its SHA-256 (security.rs, checked by a test there). Plain ES5: it
 * runs before any other script, in any browser. It knows nothing of React.
 *
 * - A press (a click, or Enter and Space on a focused control, which the browser turns into a click) on a button or
 *   another control of `#root` is held: its default is prevented (no page reload from an app form's submit, no
 *   checkbox ticked behind the app's back), the control is marked `data-early-press` and `aria-busy` (CSS draws it
 *   busy) and the press waits for the app. A click on a text field is kept too (the header's field opens its pop-up
 *   on a click), with its default left alone (the caret).
 * - What works without scripts is left to the browser: links, and forms with an `action` of their own (the header
 *   search's `GET /search/`). A link marked `data-hold-press` is held as a control (the mini cart: a link to the cart
 *   page without scripts, the slide cart's opener with them).
 * - A submit of a form without an `action` (an app form: Enter in its field) is held, as is what is typed into a
 *   field or chosen in a select (the value, once per field, in the order first touched).
 * - `window.vitrinaEarlyEvents.take()` stops the recording and hands over what was held. Until then the app's own
 *   listeners do not see the held events (they stop here, at the document), so none is acted on twice.
 */
(function () {
  'use strict';
  var CONTROLS =
    'button, input, select, textarea, [role="button"], [role="tab"], [role="checkbox"], [role="switch"],' +
    ' [role="menuitem"], [role="option"], [role="combobox"], a[data-hold-press]';
  var NOT_TEXT = /^(checkbox|radio|submit|button|reset|image|file|color|range)$/;
  var events = [];
  var pointerType = 'mouse';
  var listening = true;

  function inPage(node) {
    var root = document.getElementById('root');
    return !!root && node instanceof Element && root.contains(node);
  }

  function isTextField(control) {
    var tag = control.tagName;
    return tag === 'TEXTAREA' || (tag === 'INPUT' && !NOT_TEXT.test((control.getAttribute('type') || '').toLowerCase()));
  }

  // What finds the control again if hydration replaced it: its tag, its name for people, its test id, and its place
  // among the page's controls that share them.
  function describe(control) {
    var label = control.getAttribute('aria-label') || (control.textContent || '').replace(/\s+/g, ' ').trim();
    var testId = control.getAttribute('data-testid') || '';
    var root = document.getElementById('root');
    var same = root ? root.querySelectorAll(CONTROLS + ', a[href]') : [];
    var nth = 0;
    for (var i = 0; i < same.length && same[i] !== control; i++) {
      var other = same[i];
      var otherLabel = other.getAttribute('aria-label') || (other.textContent || '').replace(/\s+/g, ' ').trim();
      if (otherLabel === label && (other.getAttribute('data-testid') || '') === testId) nth++;
    }
    return { label: label, testId: testId, nth: nth };
  }

  function hold(event) {
    event.stopPropagation();
  }

  function onPointerDown(event) {
    pointerType = event.pointerType || 'mouse';
  }

  function onClick(event) {
    var target = event.target;
    if (!inPage(target)) return;
    var control = target.closest(CONTROLS);
    var link = target.closest('a[href]');
    if (!control || (link && link !== control && link.contains(control)) || control.disabled) return;
    if (control.tagName === 'SELECT') return;
    var text = isTextField(control);
    var submits =
      !text &&
      control.form &&
      (control.tagName === 'BUTTON' ? (control.getAttribute('type') || 'submit').toLowerCase() === 'submit' : false);
    // A form of the browser's own (its `action` says where) submits as it would without scripts.
    if (submits && control.form.hasAttribute('action')) return;
    hold(event);
    if (!text) {
      event.preventDefault();
      control.setAttribute('data-early-press', '');
      control.setAttribute('aria-busy', 'true');
    }
    events.push({
      kind: 'press',
      element: control,
      pointerType: event.detail === 0 ? '' : pointerType,
      description: describe(control),
    });
  }

  function onSubmit(event) {
    var form = event.target;
    if (!inPage(form) || form.hasAttribute('action')) return;
    hold(event);
    event.preventDefault();
    events.push({ kind: 'submit', element: form, submitter: event.submitter || null, description: describe(form) });
  }

  function onValue(event) {
    var field = event.target;
    if (!inPage(field) || !(field.tagName === 'SELECT' || isTextField(field))) return;
    for (var i = 0; i < events.length; i++) {
      if (events[i].kind === 'value' && events[i].element === field) {
        events[i].value = field.value;
        return;
      }
    }
    events.push({ kind: 'value', element: field, value: field.value, description: describe(field) });
  }

  var listeners = [
    ['pointerdown', onPointerDown],
    ['click', onClick],
    ['submit', onSubmit],
    ['input', onValue],
    ['change', onValue],
  ];
  for (var i = 0; i < listeners.length; i++) document.addEventListener(listeners[i][0], listeners[i][1], true);

  window.vitrinaEarlyEvents = {
    /** Stops the recording; the events held so far, oldest first. */
    take: function () {
      if (listening) {
        listening = false;
        for (var j = 0; j < listeners.length; j++) document.removeEventListener(listeners[j][0], listeners[j][1], true);
      }
      var held = events;
      events = [];
      return held;
    },
  };
})();
