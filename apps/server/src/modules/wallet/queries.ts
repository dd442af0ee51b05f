// PENDING (issue 10): lotto still imports the wallet type from here; once it imports from
// wallet/service.ts, delete this file.
export type { WalletTypeId } from './wallet-types.ts';
