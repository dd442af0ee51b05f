import type { Endpoint } from '../endpoint.ts';

/** Every endpoint of the lotto module, listed for the OpenAPI document. */
export const lottoEndpoints: Endpoint[] = [];
