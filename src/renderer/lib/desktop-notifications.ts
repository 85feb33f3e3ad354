/**
 * Desktop notifications in the browser shell (the Web Notification API there; the Electron shell
 * notifies from main). Permission is only ever asked from a user gesture (browsers ignore or penalise a request
 * made on load), and only newly raised alerts are shown.
 */
export type NotificationAccess = 'unsupported' | 'default' | 'granted' | 'denied';

export function notificationAccess(): NotificationAccess {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  return window.Notification.permission;
}

/** Call from a click handler. */
export async function requestNotificationAccess(): Promise<NotificationAccess> {
  if (notificationAccess() === 'unsupported') return 'unsupported';
  return window.Notification.requestPermission();
}

export function showDesktopNotification(title: string, body: string, tag: string): void {
  if (notificationAccess() !== 'granted') return;
  // The tag makes the system replace rather than stack a notification for the same alert.
  new window.Notification(title, { body, tag });
}
