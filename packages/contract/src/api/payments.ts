import type { Endpoint } from '../endpoint.ts';

/** Every endpoint of the payments module, listed for the OpenAPI document. */
export const paymentsEndpoints: Endpoint[] = [];
