/*
 * Taps that land before their island has hydrated. Islands hydrate once
 * React and their code are there, up to a second after the page is painted
 * on a slow phone; a tap on a control painted from the HTML in that time
 * would reach a button with no handler and be lost. This runs before
 * anything is painted: it holds such a tap (a click, Enter on a focused
 * control, a form's submission) and plays it back once, on the same control,
 * when the page's islands have hydrated (astro:hydrate) and React is done. A
 * control tapped twice while held plays back once. Then it stops listening.
 *
 * A control with data-early-screen="<template id>" also shows that
 * template's copy of the screen it leads to at once, in place of the
 * [data-screen] element around it (the template sits just after the
 * island; the page hides that element while <html data-early-copy>); once the island has drawn that screen
 * itself, what was typed into the copy and a tap on it go over to it.
 */
(() => {
  /** island → the controls tapped before it hydrated, in order, once each */
  const held = new Map();
  /** the early copy: the island and screen it stands in for, and the taps on it */
  let early = null;

  const add = (list, el) => list.includes(el) || list.push(el);

  const hold = (event) => {
    const el = event.target.closest?.(event.type === 'submit' ? 'form' : 'button,[data-tap]');
    const onCopy = el && early && early.copy.contains(el);
    const island = onCopy ? early.island : el && el.closest('astro-island[ssr]');
    if (!island) return;
    event.preventDefault();
    if (onCopy) return add(early.taps, el);
    if (!held.has(island)) held.set(island, []);
    add(held.get(island), el);
    const id = el.getAttribute('data-early-screen');
    const template = id && !early && document.getElementById(id);
    if (template) {
      const screen = el.closest('[data-screen]');
      const copy = template.content.firstElementChild.cloneNode(true);
      early = { island, screen, copy, taps: [] };
      // Beside the template, outside the island: React must find its own
      // markup untouched, so the page's style hides the screen, keyed on <html>.
      document.documentElement.setAttribute('data-early-copy', '');
      template.after(copy);
      copy.querySelector('[data-autofocus]')?.focus();
    }
  };

  const play = (el) => el?.isConnected && (el.tagName === 'FORM' ? el.requestSubmit() : el.click());
  const nextTask = () => new Promise((resolve) => setTimeout(resolve));

  /**
   * Once the island drew the screen the copy stands for, what was typed into
   * the copy's fields and the focus go over to the island's fields of the
   * same id, and a tap on the copy sends the island's form; had the island
   * gone elsewhere (a quiz resumed from the session), the copy just goes.
   */
  const handOver = async ({ screen, copy, taps }) => {
    early = null;
    const same = screen.getAttribute('data-screen') === copy.getAttribute('data-screen');
    const own = (el) => (same && el.id ? screen.querySelector(`#${el.id}`) : null);
    const focused = copy.contains(document.activeElement) && own(document.activeElement);
    for (const field of copy.querySelectorAll('input[id]')) {
      const twin = own(field);
      if (twin) twin.value = field.value;
    }
    copy.remove();
    document.documentElement.removeAttribute('data-early-copy');
    if (focused) focused.focus();
    await nextTask();
    if (same && taps.length) play(screen.querySelector('form'));
  };

  const playBack = async () => {
    for (const [island, taps] of held) {
      held.delete(island);
      for (const el of taps) {
        await nextTask();
        play(el);
      }
      if (early?.island === island) {
        await nextTask();
        await handOver(early);
      }
    }
    // Every island is live: from now on a tap reaches its handler, and this
    // listener would only add its work to each of them.
    if (!early && !document.querySelector('astro-island[ssr]')) {
      removeEventListener('click', hold, true);
      removeEventListener('submit', hold, true);
    }
  };

  addEventListener('click', hold, true);
  addEventListener('submit', hold, true);
  // Once every island has hydrated and React is idle: a tap played back on
  // one island while another still hydrates could change a store under it.
  addEventListener(
    'astro:hydrate',
    // (Safari has no requestIdleCallback; setTimeout reads the options as no delay.)
    () =>
      document.querySelector('astro-island[ssr]') ||
      (self.requestIdleCallback || setTimeout)(playBack, { timeout: 500 }),
    true,
  );
})();
