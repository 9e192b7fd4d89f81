/*
 * Taps that land before their island has hydrated. Islands hydrate once
 * React and their code are there, up to a second after the page is painted
 * on a slow phone; a tap on a control painted from the HTML in that time
 * would reach a button with no handler and be lost. This runs before
 * anything is painted: it holds such a tap (a click, Enter on a focused
 * control, a form's submission), and plays it back once, on the same
 * control, once the islands say they have hydrated (astro:hydrate). A control
 * tapped twice while held plays back once. A control with
 * data-early-screen="<template id>" also shows that template's copy of the
 * screen it leads to at once; the copy's fields and taps move over to the
 * island's own screen when it is there.
 */
(() => {
  /** island → the controls tapped before it hydrated, in order, once each */
  const held = new Map();
  /** the early copy of a screen, the island it stands in for, and the taps on it */
  let early = null;

  const add = (list, el) => list.includes(el) || list.push(el);

  const hold = (event) => {
    const target = event.target;
    const el = target instanceof Element && target.closest(event.type === 'submit' ? 'form' : 'button,[data-tap]');
    if (!el) return;
    const island = el.closest('astro-island[ssr]');
    const onCopy = early && early.copy.contains(el);
    if (!island && !onCopy) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (onCopy) return add(early.taps, el);
    add(held.get(island) || held.set(island, []).get(island), el);
    const screen = el.getAttribute('data-early-screen');
    const template = screen && !early && document.getElementById(screen);
    if (template) showEarly(island, template);
  };

  const showEarly = (island, template) => {
    const copy = template.content.firstElementChild.cloneNode(true);
    early = { island, copy, taps: [] };
    island.style.display = 'none';
    island.after(copy);
    const focus = copy.querySelector('[data-autofocus]');
    if (focus) focus.focus();
  };

  /** The element at the same place under `to` as `el` is under `from`. */
  const counterpart = (el, from, to) => {
    const path = [];
    for (let node = el; node !== from; node = node.parentElement) path.unshift([...node.parentElement.children].indexOf(node));
    return path.reduce((node, i) => node && node.children[i], to);
  };

  const play = (el) => {
    if (!el || !el.isConnected) return;
    if (el.tagName === 'FORM') el.requestSubmit();
    else el.click();
  };

  const nextTask = () => new Promise((resolve) => setTimeout(resolve));

  /**
   * Once the island drew the screen the copy stands for, the copy's fields,
   * focus and taps go over to it; had it gone elsewhere (a quiz resumed from
   * the session), the copy just goes.
   */
  const handOver = async () => {
    const { island, copy, taps } = early;
    const own = island.firstElementChild;
    const same = own && own.getAttribute('data-screen') === copy.getAttribute('data-screen');
    const focused = same && copy.contains(document.activeElement) && counterpart(document.activeElement, copy, own);
    if (same) for (const field of copy.querySelectorAll('input')) counterpart(field, copy, own).value = field.value;
    early = null;
    copy.remove();
    island.style.display = '';
    if (focused) focused.focus();
    for (const el of same ? taps : []) {
      await nextTask();
      play(counterpart(el, copy, own));
    }
  };

  /** Plays back what each island held, in the order they were tapped. */
  const playBack = async () => {
    for (const [island, taps] of held) {
      held.delete(island);
      for (const el of taps) {
        await nextTask();
        play(el);
      }
      if (early && early.island === island) {
        await nextTask();
        await handOver();
      }
    }
  };

  addEventListener('click', hold, true);
  addEventListener('submit', hold, true);
  // Once every island has hydrated and React has finished (the page is idle):
  // a tap played back while another island still hydrates would change a
  // store under it, and React would find its text not matching the HTML.
  addEventListener(
    'astro:hydrate',
    () => {
      if (document.querySelector('astro-island[ssr]')) return;
      if (typeof requestIdleCallback === 'function') requestIdleCallback(playBack, { timeout: 500 });
      else setTimeout(playBack, 50);
    },
    true,
  );
})();
