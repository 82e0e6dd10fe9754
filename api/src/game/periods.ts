// Reward periods (RULES.md): daily = the UTC day, weekly = the UTC week starting Monday 00:00.
// Periods are identified by their first day as 'YYYY-MM-DD'.

const DAY_MS = 24 * 60 * 60 * 1000;

export function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export function utcWeekStart(now: Date): Date {
  const day = utcDayStart(now);
  const sinceMonday = (day.getUTCDay() + 6) % 7; // getUTCDay: 0 = Sunday
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

export function nextDailyReset(now: Date): Date {
  return new Date(utcDayStart(now).getTime() + DAY_MS);
}

export function nextWeeklyReset(now: Date): Date {
  return new Date(utcWeekStart(now).getTime() + 7 * DAY_MS);
}

export function periodKey(start: Date): string {
  return start.toISOString().slice(0, 10);
}

export const dailyPeriod = (now: Date): string => periodKey(utcDayStart(now));
export const weeklyPeriod = (now: Date): string => periodKey(utcWeekStart(now));
