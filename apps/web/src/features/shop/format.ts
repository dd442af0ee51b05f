const points = new Intl.NumberFormat('th-TH', { maximumFractionDigits: 0 });

/** Whole points with Thai grouping: 2500 → "2,500". */
export const formatPoints = (n: number): string => points.format(n);
