// How Messages shows a message's time (decision 0090): the time today, the weekday this week, else the date.
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' });
const date = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (at.toDateString() === now.toDateString()) return time.format(at);
  if (now.getTime() - at.getTime() < 6 * 86_400_000) return weekday.format(at);
  return date.format(at);
}
