/**
 * What other modules use of the connectors module (docs/rules/connectors.md): the object app.ts hands
 * to each adapter, and the error a call out throws when no answer came.
 */

/** The metrics (app.ts → platform/metrics.ts): calls out per connector and outcome lately. */
export { type CallFigure, callFigures } from './connector-queries.ts';
export {
  ConnectorCallError,
  type ConnectorInfo,
  type ConnectorState,
  type Connectors,
} from './connectors.ts';
