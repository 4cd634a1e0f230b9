/*
 * The page's event contract (issue 33): from the first byte of the page until the app has hydrated it, a shopper's
 * presses, submits and typing on the page are recorded here, and `src/lib/early-events.ts` acts on them once the app
 * is ready, on the same controls, in the order they came. Nothing a shopper does in the first seconds is lost.
 *
 * Inlined into the head of index.html by the Vite build (vite.config.ts) so it runs before the page is drawn; the
 * server allows it by its SHA-256, computed at start from the index.html it embeds (`web::inline_script_hashes`).
 * Written as plain ES5: it runs before any other script. It knows nothing of React.
 *
 * - A press (a click, or Enter and Space on a focused control, which the browser turns into a click; Space on a link
 *   acting as a button, which it does not) on a button or another control of `#root` is held: its default is
 *   prevented (no page reload from an app form's submit, no checkbox ticked behind the app's back), the control is
 *   marked `data-early-press` and `aria-busy` (CSS draws it busy) and the press waits for the app. A click on a text field is kept too (the header's field opens its pop-up
 *   on a click), with its default left alone (the caret).
 * - What works without scripts is left to the browser: links, and forms with an `action` of their own (the header
 *   search's `GET /search/`). A link or a form marked `data-hold-press` is held as a control (the mini cart: a link
 *   to the cart page without scripts, the slide cart's opener with them; "В корзину": a form posting to the server
 *   without scripts, the API's with them), unless a link is pressed to open elsewhere (a modifier key, the middle
 *   button); and should the app not take over within `GIVE_UP_MS` of its press, the link is followed or the form
 *   posted after all.
 * - A submit of a form without an `action` (an app form: Enter in its field) is held, as is what is typed into a
 *   field or chosen in a select (the value, once per field, in the order first touched).
 * - `window.vitrinaEarlyEvents.find(event)` is the control an event was held on, or the one standing in its place
 *   (see `find`), or null: the rule that describes a control and the rule that finds it again live side by side.
 * - `window.vitrinaEarlyEvents.take()` stops the recording and hands over what was held. Until then the app's own
 *   listeners do not see the held presses, nor the pointer's and mouse's down and up on the controls they are held
 *   on, nor held submits (they stop here, at the document), so none is acted on twice. Values reach the app as they
 *   come too: setting one again at the replay changes nothing.
 */
(function () {
  'use strict';
  var CONTROLS =
    'button, input, select, textarea, [role="button"], [role="tab"], [role="checkbox"], [role="switch"],' +
    ' [role="menuitem"], [role="option"], [role="combobox"], a[data-hold-press]';
  var NOT_TEXT = /^(checkbox|radio|submit|button|reset|image|file|color|range)$/;
  // A held link is followed after all when the app has not taken over this long after its press, ms.
  var GIVE_UP_MS = 15000;
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

  function labelOf(control) {
    return control.getAttribute('aria-label') || (control.textContent || '').replace(/\s+/g, ' ').trim();
  }

  // What finds the control again if hydration replaced it (`find`): its test id, the offer it acts on, its name for
  // people, and its place among the page's controls that share them.
  function describe(control) {
    var label = labelOf(control);
    var testId = control.getAttribute('data-testid') || '';
    var offer = offerOf(control);
    var root = document.getElementById('root');
    var all = root ? root.querySelectorAll(CONTROLS + ', a[href], form') : [];
    var nth = 0;
    for (var i = 0; i < all.length && all[i] !== control; i++) {
      var other = all[i];
      if ((other.getAttribute('data-testid') || '') === testId && offerOf(other) === offer && labelOf(other) === label) nth++;
    }
    return { label: label, testId: testId, offer: offer, nth: nth };
  }

  function offerOf(control) {
    var card = control.closest('[data-offer-id]');
    return card ? card.getAttribute('data-offer-id') : '';
  }

  // The control `held` was recorded on: the same element when hydration kept it (the server's HTML is the first
  // render's), else the one control standing in its place, or null (the event is dropped, never played on another
  // control): the page's only control with its test id and offer (a widget whose name changes once the visitor's
  // own data is there, like the mini cart's count, or whose element the app swaps, a link for a button), else the one
  // with the same name, test id and offer at the same place among its namesakes. A card's "В корзину" that became the
  // link "В корзине" (the offer was in the basket already) is not found again.
  function find(held) {
    if (held.element.isConnected) return held.element;
    var place = held.description;
    var root = document.getElementById('root');
    var all = root ? root.querySelectorAll(CONTROLS + ', a[href], form') : [];
    var same = [];
    for (var i = 0; i < all.length; i++) {
      if ((all[i].getAttribute('data-testid') || '') === place.testId && offerOf(all[i]) === place.offer) same.push(all[i]);
    }
    if (place.testId && same.length === 1) return same[0];
    var nth = 0;
    for (var j = 0; j < same.length; j++) {
      if (labelOf(same[j]) !== place.label) continue;
      if (nth === place.nth) return same[j];
      nth++;
    }
    return null;
  }

  // The control a press on `target` would be held for, or null when the browser keeps the press.
  function heldControl(target, event) {
    if (!inPage(target)) return null;
    var control = target.closest(CONTROLS);
    var link = target.closest('a[href]');
    if (!control || (link && link !== control && link.contains(control)) || control.disabled) return null;
    if (control.tagName === 'SELECT') return null;
    // A link pressed to open elsewhere (a new tab or window) does what the browser does.
    if (control.tagName === 'A' && (event.ctrlKey || event.metaKey || event.shiftKey || event.button > 0)) return null;
    var submits =
      !isTextField(control) &&
      control.form &&
      (control.tagName === 'BUTTON' ? (control.getAttribute('type') || 'submit').toLowerCase() === 'submit' : false);
    // A form of the browser's own (its `action` says where) submits as it would without scripts, unless it is held.
    if (submits && !heldForm(control.form)) return null;
    return control;
  }

  // Whether the contract holds a form's submits: an app form (no `action`), or a form that also works without
  // scripts but is marked `data-hold-press` ("В корзину": the app adds through its API).
  function heldForm(form) {
    return !form.hasAttribute('action') || form.hasAttribute('data-hold-press');
  }

  function hold(event) {
    event.stopPropagation();
  }

  // A held link, or a held form's submit button, does without the app if it has not come `GIVE_UP_MS` after the
  // press: the link is followed, the form posted.
  function giveUpLater(control) {
    setTimeout(function () {
      if (!listening) return;
      window.vitrinaEarlyEvents.take();
      control.removeAttribute('data-early-press');
      control.removeAttribute('aria-busy');
      if (control.tagName === 'A') window.location.assign(control.href);
      else control.form.requestSubmit(control);
    }, GIVE_UP_MS);
  }

  function press(event, control) {
    hold(event);
    if (!isTextField(control)) {
      event.preventDefault();
      control.setAttribute('data-early-press', '');
      control.setAttribute('aria-busy', 'true');
    }
    events.push({
      kind: 'press',
      element: control,
      textField: isTextField(control),
      pointerType: event.type === 'click' && event.detail !== 0 ? pointerType : '',
      description: describe(control),
    });
    if (control.tagName === 'A' || (control.form && control.form.hasAttribute('action') && control.type === 'submit')) {
      giveUpLater(control);
    }
  }

  // The pointer's and mouse's down and up on a control whose press will be held: the app, live before the press is
  // played, must not act on them too (a menu trigger opens on the pointer going down).
  function onPointerOrMouse(event) {
    if (event.type === 'pointerdown') pointerType = event.pointerType || 'mouse';
    var control = heldControl(event.target, event);
    if (control && !isTextField(control)) hold(event);
  }

  function onClick(event) {
    var control = heldControl(event.target, event);
    if (control) press(event, control);
  }

  // Space on a link acting as a button presses it, as it does a button (the browser would scroll the page).
  function onKeyDown(event) {
    if (event.key !== ' ' || event.repeat) return;
    var control = heldControl(event.target, event);
    if (control && control.tagName === 'A' && control.getAttribute('role') === 'button') press(event, control);
  }

  function onSubmit(event) {
    var form = event.target;
    if (!inPage(form) || !heldForm(form)) return;
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
    ['pointerdown', onPointerOrMouse],
    ['pointerup', onPointerOrMouse],
    ['mousedown', onPointerOrMouse],
    ['mouseup', onPointerOrMouse],
    ['click', onClick],
    ['keydown', onKeyDown],
    ['submit', onSubmit],
    ['input', onValue],
    ['change', onValue],
  ];
  for (var i = 0; i < listeners.length; i++) document.addEventListener(listeners[i][0], listeners[i][1], true);

  window.vitrinaEarlyEvents = {
    find: find,
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
