/**
 * An instant written out for a Thai message the server sends (a refusal that names when a block or a
 * poll ends): "1 มี.ค. 2569 18:00 น.", Bangkok time, the Buddhist year in full.
 */
const thaiDateTime = new Intl.DateTimeFormat('th-TH', {
  timeZone: 'Asia/Bangkok',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function thaiTime(at: Date): string {
  return `${thaiDateTime.format(at)} น.`;
}
