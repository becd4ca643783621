import type { ReactNode } from 'react';

/** Spec §9 library defaults, kept explicit so the product states what it shows. */
export const TOAST_DURATION = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_LIMIT = 1;

export type ToastVariant = 'default' | 'destructive';

export interface ToastAction {
  label: string;
  /** Describes how to do the same without the toast, for screen-reader users (Radix requirement). */
  altText: string;
  onClick: () => void;
}

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  action?: ToastAction;
  /** Milliseconds before it hides itself; defaults to 5000. */
  duration?: number;
}

export interface ToastRecord extends ToastOptions {
  id: string;
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss(): void;
  update(options: ToastOptions): void;
}

/** A tiny subscribable store (subscribe / getSnapshot) so `toast()` works outside React. */
function createToastStore() {
  let toasts: readonly ToastRecord[] = [];
  let counter = 0;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const set = (next: readonly ToastRecord[]) => {
    toasts = next;
    emit();
  };

  const store = {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => toasts,
    add(options: ToastOptions): ToastHandle {
      counter += 1;
      const id = `toast-${counter}`;
      // One toast at a time: a new toast replaces what is showing.
      const open = toasts.filter((t) => t.open);
      set([...open, { ...options, id, open: true }].slice(-TOAST_LIMIT));
      return {
        id,
        dismiss: () => store.dismiss(id),
        update: (next) => set(toasts.map((t) => (t.id === id ? { ...t, ...next } : t))),
      };
    },
    /** Closes one toast, or every toast when no id is given. */
    dismiss(id?: string) {
      if (!toasts.some((t) => t.open && (id === undefined || t.id === id))) return;
      set(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
    },
    /** Forgets a closed toast once its exit has finished. */
    remove(id: string) {
      if (toasts.some((t) => t.id === id)) set(toasts.filter((t) => t.id !== id));
    },
  };
  return store;
}

export const toastStore = createToastStore();

/** Shows a toast (replacing any toast on screen) and returns a handle to update or dismiss it. */
export function toast(options: ToastOptions): ToastHandle {
  return toastStore.add(options);
}
toast.dismiss = (id?: string) => toastStore.dismiss(id);
