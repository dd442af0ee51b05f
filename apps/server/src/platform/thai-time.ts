// Instants and days written out for the Thai messages the server sends (a refusal that names when a
// block or a poll ends, the day a commission or a cashback was for): the Buddhist year in full.

const thaiDateTime = new Intl.DateTimeFormat('th-TH', {
  timeZone: 'Asia/Bangkok',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "1 มี.ค. 2569 18:00 น.", Bangkok time. */
export function thaiTime(at: Date): string {
  return `${thaiDateTime.format(at)} น.`;
}

const thaiDate = new Intl.DateTimeFormat('th-TH', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A Bangkok calendar date "YYYY-MM-DD" as it is, in Thai: "2026-03-01" → "1 มี.ค. 2569". */
export function thaiDay(day: string): string {
  return thaiDate.format(new Date(`${day}T12:00:00Z`));
}
