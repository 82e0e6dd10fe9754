/**
 * Keyboard focus on an element of the page's main region that then goes away (an offer accepted,
 * declined or cancelled leaves its list; 'Return to Arena' swaps the battle for the arena) fell to
 * <body>: the next Tab started again from the top of the document and a screen reader lost its
 * place (found play-testing the trading and battle screens). It goes to the main region instead,
 * where the skip link puts it. Focus that has moved elsewhere (a dialog, the header) is left alone;
 * a dialog that closes gives focus back to its opener first, if the opener is still there.
 */
export function rescueLostFocus(main: HTMLElement): () => void {
  /** The last element focused inside the main region. */
  let last: Element | null = null;
  const onFocusIn = (event: FocusEvent) => {
    last = event.target as Element;
  };
  // The whole document: the element may go while focus is in a dialog, which closes later.
  const observer = new MutationObserver(() => {
    if (!last || last.isConnected) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    last = null;
    main.focus({ preventScroll: true });
  });
  main.addEventListener("focusin", onFocusIn);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    main.removeEventListener("focusin", onFocusIn);
    observer.disconnect();
  };
}
