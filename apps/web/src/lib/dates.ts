/**
 * Thai dates and times as members read them, in Bangkok time: "5 มี.ค. 69 14:05", "5 มีนาคม 2569".
 * Written by hand in packages/engine/src/thai-dates.ts (why: there), shared with the operator console
 * so staff and members read one format.
 */
export {
  bangkokDay,
  formatDate,
  formatDateTime,
  formatDay,
  formatMonth,
  formatTime,
} from '@chok/engine/thai-dates';
