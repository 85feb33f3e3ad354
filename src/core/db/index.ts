/** SQLite storage of the embedded node (docs/design/node.md "Storage"). */
export { openDatabase } from './open-database';
export { migrate, schemaVersion } from './migrate';
export { MIGRATIONS, type Migration } from './migrations';
export { storedChainHeight } from './stored-height';
