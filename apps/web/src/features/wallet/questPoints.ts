/**
 * Quest points for the header refresh. The server has no points endpoint yet (spec §7:
 * POST /api/member/points); until it does this refreshes nothing rather than inventing a number.
 */
export async function refreshQuestPoints(): Promise<void> {}
