/** What other modules may use of the shop (docs/architecture.md): the goods orders waiting to ship. */
export { ordersToShipCount } from './work-queries.ts';
