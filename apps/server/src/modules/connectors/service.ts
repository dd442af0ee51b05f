/**
 * What other modules use of the connectors module (docs/rules/connectors.md): the object app.ts hands
 * to each adapter, and the error a call out throws when no answer came.
 */
export {
  ConnectorCallError,
  type ConnectorInfo,
  type ConnectorState,
  type Connectors,
} from './connectors.ts';
