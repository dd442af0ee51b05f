/**
 * The time left to a server deadline at `now` (the one server clock, lib/server-clock.ts): "02:14:09",
 * or "5 วัน 02:14:09" beyond a day; "00:00:00" once passed.
 */
export function countdown(untilIso: string, now: number): string {
  let s = Math.max(0, Math.floor((new Date(untilIso).getTime() - now) / 1000));
  const days = Math.floor(s / 86400);
  s -= days * 86400;
  const p = (n: number) => String(n).padStart(2, '0');
  const hms = `${p(Math.floor(s / 3600))}:${p(Math.floor((s % 3600) / 60))}:${p(s % 60)}`;
  return days > 0 ? `${days} วัน ${hms}` : hms;
}
