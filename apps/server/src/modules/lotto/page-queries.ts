import type { Executor } from '../../platform/db.ts';

/**
 * Caller: the member site's page answers (app.ts → platform/member-site.ts): whether `/lotto/<id>`
 * names a round, so an unknown round's page is a 404 at the HTTP level too, not only on screen.
 */
export async function roundExists(ex: Executor, roundId: number): Promise<boolean> {
  const row = await ex.selectFrom('lotto_round').select('id').where('id', '=', roundId).executeTakeFirst();
  return row !== undefined;
}
