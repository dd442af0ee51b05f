import type { Endpoint } from '../endpoint.ts';

/** Every endpoint of the games module, listed for the OpenAPI document. */
export const gamesEndpoints: Endpoint[] = [];
