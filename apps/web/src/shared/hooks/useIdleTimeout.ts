import { useEffect, useRef } from 'react';

// No 'scroll': a page scrolls itself too (focus, a grid settling, a smooth scroll a frame later), and the user's
// own scrolling comes with wheel, touch or key events.
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel'] as const;

/** Calls onIdle once after `timeoutMs` without mouse, keyboard or touch activity. */
export function useIdleTimeout(timeoutMs: number, onIdle: () => void): void {
  const callback = useRef(onIdle);
  callback.current = onIdle;

  useEffect(() => {
    let timer: number | undefined;
    let lastReset = 0;
    const arm = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => callback.current(), timeoutMs);
    };
    const onActivity = () => {
      const now = Date.now();
      if (now - lastReset < 1000) return; // mousemove fires often; re-arming once a second is enough
      lastReset = now;
      arm();
    };
    ACTIVITY_EVENTS.forEach((e) => window.addEventListener(e, onActivity, { passive: true, capture: true }));
    arm();
    return () => {
      window.clearTimeout(timer);
      ACTIVITY_EVENTS.forEach((e) => window.removeEventListener(e, onActivity, { capture: true }));
    };
  }, [timeoutMs]);
}
