// The toast region (docs/product.md §8): one visible toast, auto-close after 5000 ms, swipe right past 50 px to
// dismiss, F8 moves focus to the region, announced politely (assertively for errors).
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { dismissToast, subscribeToasts, takePendingToast, type Toast } from '../lib/toast.ts';

const AUTO_CLOSE_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

export default function Toaster() {
  const [shown, setShown] = useState<Toast | null>(null);
  const [dragX, setDragX] = useState(0);
  const start = useRef<number | null>(null);
  const region = useRef<HTMLElement>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const unsubscribe = subscribeToasts(setShown);
    takePendingToast();
    return unsubscribe;
  }, []);

  useEffect(() => {
    setDragX(0);
    if (!shown || paused) return;
    const timer = setTimeout(() => dismissToast(shown.id), AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [shown, paused]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setDragX(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = () => {
    if (shown && dragX > SWIPE_THRESHOLD_PX) dismissToast(shown.id);
    start.current = null;
    setDragX(0);
  };

  const card = shown && (
    <div
      key={shown.id}
      className={`toast toast-${shown.variant}`}
      data-testid="toast"
      style={{ transform: `translateX(${dragX}px)`, opacity: dragX ? Math.max(0.3, 1 - dragX / 200) : 1 }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      <div>
        <strong className="toast-title">{shown.title}</strong>
        {shown.description && <p className="toast-description">{shown.description}</p>}
      </div>
      <button
        type="button"
        className="toast-close"
        aria-label="Close notification"
        onClick={() => dismissToast(shown.id)}
      >
        ×
      </button>
    </div>
  );
  const urgent = shown?.variant === 'destructive';
  // Both live regions are always in the page: screen readers announce changes to a region that
  // already exists, not a region that appears with its content.
  return (
    <section ref={region} tabIndex={-1} aria-label="Notifications (F8)" className="toast-viewport">
      <div role="status" aria-atomic="true">
        {!urgent && card}
      </div>
      <div role="alert" aria-atomic="true">
        {urgent && card}
      </div>
    </section>
  );
}
