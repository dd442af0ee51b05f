// What other modules may import from the games module.

export { walletTypeCategories } from './lotto-queries.ts';
