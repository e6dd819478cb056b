import { useEffect } from 'react';

/**
 * Keeps the window's scroll position under `key` in sessionStorage while the page is open, and returns to
 * it once the page's data is `ready` (coming back from a subject visit lands where the monitor left).
 */
export function useRememberedScroll(key: string, ready: boolean) {
  useEffect(() => {
    if (!ready) return;
    const saved = Number(sessionStorage.getItem(key) ?? 0);
    if (saved > 0) window.scrollTo(0, saved);
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => sessionStorage.setItem(key, String(Math.round(window.scrollY))));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [key, ready]);
}
