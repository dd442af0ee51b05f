import type { Section } from '../types';

/**
 * Connections to outside services (docs/rules/connectors.md): each one's state and credentials; the
 * owner enters or removes a credential and sends a test.
 */
export const connectorsSection: Section = {
  id: 'connectors',
  label: 'การเชื่อมต่อ',
  pages: [
    {
      path: 'connectors',
      label: 'บริการภายนอก',
      roles: ['owner', 'support'],
      load: () => import('./ConnectorsPage'),
    },
  ],
};
