import type { Migration } from './types';

/**
 * The number of stored transactions per (typeGroup, type), kept by triggers like `api_counters` (migration 002):
 * `/votes` and `/transactions?type=…` without other filters answer their exact total from here instead of
 * counting every vote of the chain on each request (about 2 ms per request over 100,000 votes).
 */
export const apiTypeCounters: Migration = {
  version: 5,
  name: 'api-type-counters',
  up(db) {
    db.exec(`
      CREATE TABLE api_type_counters (
        type_group INTEGER NOT NULL,
        type       INTEGER NOT NULL,
        value      INTEGER NOT NULL,
        PRIMARY KEY (type_group, type)
      );
      INSERT INTO api_type_counters (type_group, type, value)
        SELECT type_group, type, count(*) FROM transactions GROUP BY type_group, type;
      CREATE TRIGGER api_count_types_insert AFTER INSERT ON transactions BEGIN
        INSERT INTO api_type_counters (type_group, type, value) VALUES (NEW.type_group, NEW.type, 1)
          ON CONFLICT (type_group, type) DO UPDATE SET value = value + 1;
      END;
      CREATE TRIGGER api_count_types_delete AFTER DELETE ON transactions BEGIN
        UPDATE api_type_counters SET value = value - 1
          WHERE type_group = OLD.type_group AND type = OLD.type;
      END;
    `);
  },
};
