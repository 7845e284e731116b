// The toast's shape, apart from toaster.tsx: the list that draws toasts and the flash cookie
// (server) use it, and toaster.tsx imports both of those.

export type ToastType = "success" | "error" | "warning" | "info";

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
}
