import { inject } from 'vitest';
import { useSharedStaffSessions } from './staff.ts';

// Every test file signs staff in through the sessions the global setup opened once: a TOTP code is
// single-use per 30 s step, and many files signing in at once would spend them all.
useSharedStaffSessions(inject('staffTokens'));
