import { staffTokens } from './lane.ts';
import { useSharedStaffSessions } from './staff.ts';

// Every test file signs staff in through the sessions the global setup opened once per lane: a TOTP
// code is single-use per 30 s step, and many files signing in at once would spend them all.
useSharedStaffSessions(staffTokens);
