/** Kysely table types of the games module, mirroring its migration. */
// biome-ignore lint/suspicious/noEmptyInterface: filled as the module's tables are added
export interface GamesTables {}
