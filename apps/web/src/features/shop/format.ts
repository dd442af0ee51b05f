import { formatNumber } from '../../lib/numbers';

/** Whole points with Thai grouping: 2500 → "2,500". */
export const formatPoints = (n: number): string => formatNumber(n, 0, 0);
