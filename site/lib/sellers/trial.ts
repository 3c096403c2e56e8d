// The trial's end date as the payment footnote shows it: 7 days from today, "December 1, 2026".
import { TRIAL_DAYS } from '#contracts/plans.ts';

const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

export function trialEndDate(today: Date = new Date()): Date {
  const end = new Date(today);
  end.setDate(end.getDate() + TRIAL_DAYS);
  return end;
}

export function formatLongDate(date: Date | string): string {
  return longDate.format(typeof date === 'string' ? new Date(date) : date);
}
