/** Longest the server's page stays up if the app never draws a whole screen (an error, say). */
const GIVE_UP_MS = 5_000;

/**
 * The server writes the text of public pages into `#server-page`, before `#root`, for readers
 * that run no script (docs/decisions/0025). The app draws into `#root` kept hidden meanwhile, and
 * swaps the two in one step once its screen is complete (a titled `main` with no spinner): the
 * shopper never sees the loading state, and nothing that was shown moves, so there is no layout
 * shift (an element appearing is not one; removing the server's page happens in the same frame).
 */
export function takeOverServerPage(root: HTMLElement): void {
  const written = document.getElementById('server-page');
  if (!written) return;
  root.hidden = true;
  // Still shown, no longer used: assistive technology and keyboards wait for the app's page
  // (it replaces this one within a moment) instead of starting on a copy about to vanish.
  written.inert = true;
  written.setAttribute('aria-hidden', 'true');
  // Drawn: its heading has its text (a category's name comes with its description, which
  // would push the list down if it arrived after the swap), or it shows an error; no spinner.
  const isDrawn = () =>
    (Boolean(root.querySelector('main h1')?.textContent?.trim()) ||
      root.querySelector('main [role="alert"]') !== null) &&
    root.querySelector('.spinner-border') === null;
  const swap = () => {
    observer.disconnect();
    clearTimeout(timer);
    written.remove();
    root.hidden = false;
  };
  // Mutation callbacks run before the browser paints the change: no frame shows both or neither.
  const observer = new MutationObserver(() => {
    if (isDrawn()) swap();
  });
  observer.observe(root, { childList: true, characterData: true, subtree: true });
  const timer = setTimeout(swap, GIVE_UP_MS);
}
