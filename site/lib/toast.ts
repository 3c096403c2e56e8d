// Toasts for every island (docs/product.md §8): one store per page, shared by all islands because Astro bundles
// this module once. At most one toast is visible; a new one replaces it.
export type ToastVariant = 'default' | 'destructive' | 'success';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

type Listener = (toast: Toast | null) => void;

const PENDING_KEY = 'pn:pending-toast';
let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

export function toast(input: { title: string; description?: string; variant?: ToastVariant }): Toast {
  current = { id: nextId++, title: input.title, description: input.description, variant: input.variant ?? 'default' };
  listeners.forEach((listener) => listener(current));
  return current;
}

export function dismissToast(id?: number): void {
  if (id !== undefined && current?.id !== id) return;
  current = null;
  listeners.forEach((listener) => listener(null));
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(current);
  return () => listeners.delete(listener);
}

/** Shows the toast now and again on the next page, for messages followed by a navigation. */
export function toastAcrossNavigation(input: { title: string; description?: string; variant?: ToastVariant }): void {
  toast(input);
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(input));
  } catch {
    // storage unavailable (private mode): the toast shows on this page only
  }
}

/** Called once by the toast region on page load. */
export function takePendingToast(): void {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    if (!raw) return;
    sessionStorage.removeItem(PENDING_KEY);
    toast(JSON.parse(raw) as Parameters<typeof toast>[0]);
  } catch {
    // a damaged entry is dropped
  }
}
